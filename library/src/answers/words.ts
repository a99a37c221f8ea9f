/**
 * Word study: the Greek word behind an English word of a verse (the KJV's Strong's tags joined to
 * Strong's dictionary), and where else the New Testament uses it.
 */
import { formatReference } from '@lectio/contracts/reference';
import { loadKjvStrongs, loadStrongsGreek, loadWebStrongs, type StrongsEntry } from '../library-data';
import { getVerseText, type Translation } from '../bible';

export interface GreekWord extends StrongsEntry {
  strongs: string;
  /** The KJV's English for it in this verse. */
  kjvWord: string;
}

let uses: Map<string, string[]> | undefined;

/** Every New Testament verse the KJV tags with each Strong's number, in canonical order ('John 3:16'). */
function usesIndex(): Map<string, string[]> {
  if (uses) return uses;
  const index = new Map<string, string[]>();
  for (const [bookId, chapters] of Object.entries(loadKjvStrongs().books)) {
    for (const [c, verses] of Object.entries(chapters)) {
      for (const [v, tags] of Object.entries(verses)) {
        for (const strongs of new Set(tags.map(([s]) => s))) {
          const list = index.get(strongs) ?? [];
          list.push(formatReference({ bookId, chapter: Number(c), verse: Number(v) }));
          index.set(strongs, list);
        }
      }
    }
  }
  return (uses = index);
}

/** How many New Testament verses use a Strong's number, and the first few. */
export function greekUses(strongs: string, limit = 5): { count: number; references: string[] } {
  const list = usesIndex().get(strongs) ?? [];
  return { count: list.length, references: list.slice(0, limit) };
}

/**
 * The Greek words of a verse, in its order, with the English the translation's own Strong's tags
 * give them (the KJV's unless told; the WEB module tags its text too, `kjvWord` is then the WEB's).
 */
export function greekWordsOf(
  bookId: string,
  chapter: number,
  verse: number,
  translation: Translation = 'kjv',
): GreekWord[] {
  const file = translation === 'web' ? loadWebStrongs() : loadKjvStrongs();
  const tags = file.books[bookId]?.[String(chapter)]?.[String(verse)] ?? [];
  const { entries } = loadStrongsGreek();
  const out: GreekWord[] = [];
  for (const [strongs, kjvWord] of tags) {
    const entry = entries[strongs];
    if (entry && !out.some((w) => w.strongs === strongs)) out.push({ strongs, kjvWord, ...entry });
  }
  return out;
}

const SMALL = new Set(
  'a an and the of to in is be it he she they we i you not that this for with as by on at or but so'.split(' '),
);

/**
 * The Greek word behind an English word of a verse: where the KJV has that word, or where the
 * WEB has it and a Greek word's dictionary meaning does ('love' at 1 Corinthians 13:4, where the
 * KJV says 'charity', is agape). Null when the verse has no such word.
 */
export function greekWordFor(english: string, bookId: string, chapter: number, verse: number): GreekWord | null {
  const word = english.toLowerCase().trim();
  if (!word || SMALL.has(word)) return null;
  const words = greekWordsOf(bookId, chapter, verse);
  const has = (text: string) => new RegExp(`\\b${word.slice(0, Math.max(3, word.length - 1))}`, 'i').test(text);
  const inKjv = words.find((w) => has(w.kjvWord));
  if (inKjv) return inKjv;
  const web = getVerseText('web', bookId, chapter, verse) ?? '';
  if (!has(web)) return null;
  // The dictionary's own glosses, after ':--', name the English words a Greek word is rendered by.
  return words.find((w) => has(w.definition.split(':--')[1] ?? w.definition)) ?? null;
}
