/**
 * Chapter outlines of the New Testament, written by us from the text (library/data/outlines/<book>.json):
 * for every chapter a one- or two-sentence main message in plain words, its key verses and the
 * steps the chapter moves in. The assistant answers "What is the main message of this passage?"
 * from them and summarises a chapter with them; library/src/outlines.test.ts checks every reference.
 */
import { readdirSync } from 'node:fs';
import { findBook } from '@lectio/contracts/books';
import { dataPath, readData } from './data';

export interface ChapterOutline {
  /** One or two plain sentences: what the chapter says (Flesch-Kincaid grade 8 or lower). */
  message: string;
  /** Two to four references to the chapter's key verses ('John 3:16'). */
  keyVerses: string[];
  /** The chapter's steps in order: a verse range of the chapter ('1-21') and a short heading. */
  outline: Array<{ verses: string; heading: string }>;
}

export interface BookOutlines {
  book: string;
  chapters: Record<string, ChapterOutline>;
}

let outlines: Map<string, BookOutlines> | undefined;

/** Every outline file, keyed by book id. */
export function loadOutlines(): ReadonlyMap<string, BookOutlines> {
  if (outlines) return outlines;
  const files = new Map<string, BookOutlines>();
  let names: string[] = [];
  try {
    names = readdirSync(dataPath('outlines')).filter((n) => n.endsWith('.json'));
  } catch {
    names = [];
  }
  for (const name of names.sort()) {
    const file = readData<BookOutlines>(`outlines/${name}`);
    files.set(file.book, file);
  }
  return (outlines = files);
}

/** One chapter's outline with its reference ('John 3'), or undefined when none is written. */
export function writtenOutline(bookId: string, chapter: number): (ChapterOutline & { reference: string }) | undefined {
  const outline = loadOutlines().get(bookId)?.chapters[String(chapter)];
  const book = findBook(bookId);
  return outline && book ? { ...outline, reference: `${book.name} ${chapter}` } : undefined;
}

/** Our section headings of a chapter, each with the verse it opens ('1-15' opens at 1); [] when none is written. */
export function sectionHeadings(bookId: string, chapter: number): Array<{ verse: number; heading: string }> {
  const outline = loadOutlines().get(bookId)?.chapters[String(chapter)]?.outline ?? [];
  return outline.flatMap(({ verses, heading }) => {
    const first = /^(\d+)/.exec(verses);
    return first ? [{ verse: Number(first[1]), heading }] : [];
  });
}
