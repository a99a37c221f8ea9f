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
 * Every text the reader shows: its reading translations, and those it sets beside them (the
 * Reina-Valera 1909, in Spanish, for comparison only: the interface, search and the assistant stay
 * with the English ones). Chapters of each are served by the same routes.
 */
export const TEXT_TRANSLATIONS = ['web', 'kjv', 'rv1909'] as const;
export type TextTranslation = (typeof TEXT_TRANSLATIONS)[number];

export function isTextTranslation(value: unknown): value is TextTranslation {
  return TEXT_TRANSLATIONS.some((t) => t === value);
}

/** One of Lectio's section headings (our chapter outlines, not the translation's), before the verse it opens. */
export interface ChapterSection {
  verse: number;
  heading: string;
}

/**
 * What GET /api/bible/:bookId/:chapter (and /api/bible/ot/:bookId/:chapter) returns: the spec's
 * chapter content, its verses with their layout (contracts/src/verses.ts). The server always sends
 * a title: '' when the chapter has none; `sections` when we wrote headings for it.
 */
export interface ChapterContent {
  bookName: string;
  chapterTitle: string;
  verses: Verse[];
  sections?: ChapterSection[];
}

/** What GET /api/bible/ot/books returns: the Old Testament's 39 books (GET /api/bible/books lists the New's 27). */
export interface OldTestamentBooksResponse {
  books: Array<{ id: string; name: string; chapters: number; order: number }>;
}

/**
 * Where the words of Jesus are in one chapter (the modules' red-letter marks): a verse number when
 * the whole verse is His, or [verse, start, end] for the characters start..end of the verse's text.
 */
export type WordsOfJesusSpan = number | [verse: number, start: number, end: number];

/** What GET /api/bible/words-of-jesus?translation= returns: the marks of the whole New Testament, per book and chapter. */
export interface WordsOfJesusResponse {
  translation: Translation;
  books: Record<string, Record<string, WordsOfJesusSpan[]>>;
}

/** A Scripture reference in a commentary's text, at `text.slice(start, end)`, linked to the reader. */
export interface StudyLink {
  start: number;
  end: number;
  book: string;
  chapter: number;
  /** null: the whole chapter ('Romans 8'). */
  verse: number | null;
}

export interface StudyCommentary {
  /** The work with its year, and its author when the title does not name them: "Matthew Henry's Concise Commentary (1706-1721)", "Scofield Reference Notes (C. I. Scofield, 1917)". */
  source: string;
  text: string;
  /** The references in `text` that the reader holds, in order (absent when there are none). */
  links?: StudyLink[];
  /**
   * Present when the entry is a whole section the verse belongs to ('John 3:1-21', Henry's 'read the
   * whole section'); absent for a comment on the verse itself.
   */
  section?: string;
}

/** A translation's footnote on the verse (the WEB's on 'only born' in John 3:16). */
export interface StudyFootnote {
  text: string;
}

export interface StudyCrossReference {
  reference: string;
  book: string;
  chapter: number;
  verse: number;
  verseEnd?: number;
  /** How many sources name it (Henry, Nave's topic sections). */
  votes: number;
  text: string;
  /** The reader's address (either testament). */
  href?: string;
}

export interface StudyWord {
  /** The English the translation's Strong's tags give the Greek word in this verse (the WEB's or the KJV's). */
  text: string;
  strongs: string;
  lemma: string;
  transliteration: string;
  definition: string;
  /** How many New Testament verses use it. */
  occurrences: number;
}

export interface StudyTopic {
  name: string;
  /** How many references the topic's section lists. */
  count: number;
}

/** What GET /api/study/:book/:chapter/:verse returns: a verse's study material. */
export interface StudyResponse {
  reference: string;
  commentary: StudyCommentary[];
  crossReferences: StudyCrossReference[];
  words: StudyWord[];
  /** The translation's footnotes on the verse (the WEB's; absent when it has none). */
  footnotes?: StudyFootnote[];
  topics: StudyTopic[];
}
