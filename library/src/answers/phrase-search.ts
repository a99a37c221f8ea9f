/**
 * "Where does the Bible say ...?": a phrase looked for word for word in both testaments of the WEB
 * and the KJV (case and punctuation aside). A saying not there word for word is found by meaning
 * in retrieval.ts (BM25).
 */
import { ALL_BOOKS } from '@lectio/contracts/books';
import { formatReference } from '@lectio/contracts/reference';
import { loadNewTestament, readOldTestament, type Translation } from '../bible';

export interface PhraseHit {
  reference: string;
  bookId: string;
  chapter: number;
  verse: number;
  translation: Translation;
  text: string;
}

interface Indexed extends PhraseHit {
  plain: string;
}

const plain = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;

let verses: Indexed[] | undefined;

function allVerses(): Indexed[] {
  if (verses) return verses;
  const out: Indexed[] = [];
  const order = new Map(ALL_BOOKS.map((b, i) => [b.id, i]));
  for (const translation of ['web', 'kjv'] as const) {
    for (const file of [readOldTestament(translation), loadNewTestament(translation)]) {
      for (const [bookId, chapters] of Object.entries(file.books)) {
        for (const [c, list] of Object.entries(chapters)) {
          for (const v of list) {
            const chapter = Number(c);
            out.push({
              reference: formatReference({ bookId, chapter, verse: v.number }),
              bookId,
              chapter,
              verse: v.number,
              translation,
              text: v.text,
              plain: plain(v.text),
            });
          }
        }
      }
    }
  }
  out.sort(
    (a, b) => (order.get(a.bookId) ?? 0) - (order.get(b.bookId) ?? 0) || a.chapter - b.chapter || a.verse - b.verse,
  );
  return (verses = out);
}

const strip = ({ plain: _plain, ...hit }: Indexed): PhraseHit => hit;

/** Verses whose words include the phrase's, word for word (each verse once, the WEB's wording first). */
export function findPhrase(phrase: string, limit = 5): PhraseHit[] {
  const wanted = plain(phrase);
  if (wanted.trim().split(' ').length < 2) return [];
  const seen = new Set<string>();
  const out: PhraseHit[] = [];
  for (const v of allVerses()) {
    if (!v.plain.includes(wanted) || seen.has(v.reference)) continue;
    seen.add(v.reference);
    out.push(strip(v));
    if (out.length >= limit) break;
  }
  return out;
}
