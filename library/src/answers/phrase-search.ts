/**
 * "Where does the Bible say ...?": a phrase looked for word for word in both testaments of the WEB
 * and the KJV (case and punctuation aside), and when it is nowhere, the verses that hold most of its
 * words, rarer words counting more.
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
  out.sort((a, b) => (order.get(a.bookId) ?? 0) - (order.get(b.bookId) ?? 0) || a.chapter - b.chapter || a.verse - b.verse);
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

const FILLER = new Set(
  'a an and are as at be but by do does for from had has have he her his i if in is it its me my not of on or our she so that the their them then there they this to us was we were what when where which who will with would you your shall unto thee thou thy ye'.split(
    ' ',
  ),
);

/** The verses holding most of the phrase's words (all but one at least, and two or more), rarer words counting more. */
export function versesNear(phrase: string, limit = 3): PhraseHit[] {
  const words = [...new Set(plain(phrase).trim().split(' '))].filter((w) => w.length > 2 && !FILLER.has(w));
  if (words.length < 2) return [];
  const all = allVerses();
  // A word and its forms: 'free' finds 'free' and 'freedom', not 'freely'... close enough for a reader to judge.
  const present = words.map((w) => new RegExp(` ${w.slice(0, Math.max(4, w.length - 2))}`));
  const counts = present.map((re) => all.reduce((n, v) => n + (re.test(v.plain) ? 1 : 0), 0));
  const weights = counts.map((c) => Math.log(1 + all.length / (1 + c)));
  const scored: { v: Indexed; score: number; found: number }[] = [];
  for (const v of all) {
    let score = 0;
    let found = 0;
    present.forEach((re, i) => {
      if (re.test(v.plain)) {
        score += weights[i]!;
        found++;
      }
    });
    // Density: the same words in a short verse say more than in a long one.
    if (found >= Math.max(2, words.length - 1)) scored.push({ v, score: score / Math.sqrt(v.plain.split(' ').length), found });
  }
  const seen = new Set<string>();
  return scored
    .sort((a, b) => b.score - a.score)
    .filter(({ v }) => !seen.has(v.reference) && seen.add(v.reference))
    .slice(0, limit)
    .map(({ v }) => strip(v));
}
