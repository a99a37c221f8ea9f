/**
 * The Bible API's shapes (GET /api/bible/...), one source for the query service that sends them
 * and the web app that reads them. Zod-free, so the reader imports it without loading zod.
 */
import type { Verse } from './verses';

/** The translations the reader offers, in menu order. */
export const TRANSLATIONS = ['web', 'kjv'] as const;
export type Translation = (typeof TRANSLATIONS)[number];
export const DEFAULT_TRANSLATION: Translation = 'web';

export function isTranslation(value: unknown): value is Translation {
  return TRANSLATIONS.some((t) => t === value);
}

/**
 * What GET /api/bible/:bookId/:chapter returns (the spec's chapter content). The server always
 * sends a title: '' when the chapter has none.
 */
export interface ChapterContent {
  bookName: string;
  chapterTitle: string;
  verses: Verse[];
}
