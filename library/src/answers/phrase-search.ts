/**
 * "Where does the Bible say ...?": a phrase looked for word for word in both testaments of the WEB
 * and the KJV (case and punctuation aside), then in the Berean Standard Bible's modern wording. A
 * saying not there word for word is found by meaning in retrieval.ts (BM25).
 */
import { ALL_BOOKS } from '@lectio/contracts/books';
import { formatReference } from '@lectio/contracts/reference';
import { type BibleFile, loadNewTestament, readModernWording, readOldTestament, type Translation } from '../bible';

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

/** A verse as the Berean Standard Bible words it (its text is not the reader's: `translation` is absent). */
export type ModernPhraseHit = Omit<PhraseHit, 'translation'>;

let verses: Indexed[] | undefined;
let modern: (ModernPhraseHit & { plain: string })[] | undefined;

const order = new Map(ALL_BOOKS.map((b, i) => [b.id, i]));
const canonical = (a: ModernPhraseHit, b: ModernPhraseHit) =>
  (order.get(a.bookId) ?? 0) - (order.get(b.bookId) ?? 0) || a.chapter - b.chapter || a.verse - b.verse;

function versesOf(file: BibleFile): (ModernPhraseHit & { plain: string })[] {
  const out: (ModernPhraseHit & { plain: string })[] = [];
  for (const [bookId, chapters] of Object.entries(file.books))
    for (const [c, list] of Object.entries(chapters))
      for (const v of list) {
        const chapter = Number(c);
        const reference = formatReference({ bookId, chapter, verse: v.number });
        out.push({ reference, bookId, chapter, verse: v.number, text: v.text, plain: plain(v.text) });
      }
  return out;
}

function allVerses(): Indexed[] {
  if (verses) return verses;
  const out: Indexed[] = [];
  for (const translation of ['web', 'kjv'] as const)
    for (const file of [readOldTestament(translation), loadNewTestament(translation)])
      for (const v of versesOf(file)) out.push({ ...v, translation });
  return (verses = out.sort(canonical));
}

/** The Berean Standard Bible's verses, read on first use. */
const modernVerses = () => (modern ??= versesOf(readModernWording()).sort(canonical));

/** The verses holding the phrase word for word, each place once, in the Bible's order. */
function matching<T extends ModernPhraseHit & { plain: string }>(all: T[], phrase: string, limit: number): T[] {
  const wanted = plain(phrase);
  if (wanted.trim().split(' ').length < 2) return [];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const v of all) {
    if (!v.plain.includes(wanted) || seen.has(v.reference)) continue;
    seen.add(v.reference);
    out.push(v);
    if (out.length >= limit) break;
  }
  return out;
}

/** Verses whose words include the phrase's, word for word (each verse once, the WEB's wording first). */
export function findPhrase(phrase: string, limit = 5): PhraseHit[] {
  return matching(allVerses(), phrase, limit).map(({ plain: _plain, ...hit }) => hit);
}

/**
 * Verses the Berean Standard Bible words as the phrase has it: a saying remembered from a modern
 * translation (the NIV's 'Do to others as you would have them do to you'). Read on first use.
 */
export function findModernPhrase(phrase: string, limit = 5): ModernPhraseHit[] {
  return matching(modernVerses(), phrase, limit).map(({ plain: _plain, ...hit }) => hit);
}

let byPlace: Map<string, string[]> | undefined;

/** Every verse's wordings, WEB, KJV and BSB, by its place ('john 3 16'), built on first use. */
function wordingsByPlace(): Map<string, string[]> {
  if (byPlace) return byPlace;
  byPlace = new Map();
  for (const v of [...allVerses(), ...modernVerses()]) {
    const key = `${v.bookId} ${v.chapter} ${v.verse}`;
    const list = byPlace.get(key);
    if (list) list.push(v.plain);
    else byPlace.set(key, [v.plain]);
  }
  return byPlace;
}

/**
 * A verse's wordings as plain words (lower case, no punctuation), by its place: for ranking verses by
 * how much of a saying's word order they share.
 */
export const plainWordings = (place: string): string[] => wordingsByPlace().get(place) ?? [];

/** The share of a phrase's word pairs (in order) that a text holds: 'come near to God' in 'draw near to God' is 2 of 3. */
export function sharedWordPairs(phrase: string, text: string): number {
  const pairs = (words: string[]) => words.slice(1).map((w, i) => `${words[i]} ${w}`);
  const wanted = pairs(plain(phrase).trim().split(' '));
  if (wanted.length === 0) return 0;
  const held = new Set(pairs(text.trim().split(' ')));
  return wanted.filter((p) => held.has(p)).length / wanted.length;
}

/** Loads the phrase search's texts (the warm-up's, so a first "where does it say" waits for none): how many places it holds. */
export const phraseSearchSize = (): number => wordingsByPlace().size;
