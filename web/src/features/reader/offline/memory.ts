import type { ChapterContent, Translation } from '@lectio/contracts/bible-api';
import { findBook } from '@lectio/contracts/books';
import { mergeVerses, type RawVerse } from '@lectio/contracts/verses';

/** Chapters already read in this page load. Chapter reads go: memory, then the offline store (Cache Storage), then the network. */
export const memory = new Map<string, ChapterContent>();

export const chapterKey = (t: Translation, book: string, chapter: number) => `${t}:${book}:${chapter}`;

/** A chapter as the server or a bundle sends it. */
export type RawChapter = { bookName?: string; chapterTitle?: string | null; verses?: RawVerse[] };

/** A chapter ready to show: names filled in, verses merged. */
export function clean(raw: RawChapter, book: string): ChapterContent {
  return {
    bookName: raw.bookName ?? findBook(book)?.name ?? book,
    chapterTitle: raw.chapterTitle ?? '',
    verses: mergeVerses(Array.isArray(raw.verses) ? raw.verses : []),
  };
}

/** Forgets this translation's chapters. */
export function forgetTranslation(t: Translation): void {
  for (const key of [...memory.keys()]) if (key.startsWith(`${t}:`)) memory.delete(key);
}
