import type { ChapterContent, ChapterSection, TextTranslation } from '@lectio/contracts/bible-api';
import { findAnyBook } from '@lectio/contracts/books';
import { mergeVerses, parseVerseNumber, type RawVerse } from '@lectio/contracts/verses';

/** Chapters already read in this page load. Chapter reads go: memory, then the offline store (Cache Storage), then the network. */
export const memory = new Map<string, ChapterContent>();

export const chapterKey = (t: TextTranslation, book: string, chapter: number) => `${t}:${book}:${chapter}`;

/** A chapter as the server or a bundle sends it. */
export type RawChapter = { bookName?: string; chapterTitle?: string | null; verses?: RawVerse[]; sections?: unknown };

/** Our section headings that name a verse and a heading; anything else is dropped. */
function sectionsOf(raw: unknown): ChapterSection[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((s: unknown) => {
    if (!s || typeof s !== 'object' || !('verse' in s) || !('heading' in s)) return [];
    const verse = parseVerseNumber(s.verse);
    return verse !== null && typeof s.heading === 'string' && s.heading ? [{ verse, heading: s.heading }] : [];
  });
}

/** A chapter ready to show: names filled in, verses merged. */
export function clean(raw: RawChapter, book: string): ChapterContent {
  const sections = sectionsOf(raw.sections);
  return {
    bookName: raw.bookName ?? findAnyBook(book)?.name ?? book,
    chapterTitle: raw.chapterTitle ?? '',
    verses: mergeVerses(Array.isArray(raw.verses) ? raw.verses : []),
    ...(sections.length ? { sections } : {}),
  };
}

/** Forgets this translation's chapters. */
export function forgetTranslation(t: TextTranslation): void {
  for (const key of [...memory.keys()]) if (key.startsWith(`${t}:`)) memory.delete(key);
}
