/**
 * Introductions to the 27 books of the New Testament and the 39 of the Old, written by us
 * (library/data/introductions/new-testament.json, old-testament.json): author, date, audience,
 * purpose and an outline, and where authorship or date is disputed (the Gospels' traditional names,
 * Ephesians, Colossians, 2 Thessalonians, the Pastorals, Hebrews, James, the letters of Peter, John
 * and Jude, Revelation; the five books of Moses, Ecclesiastes, Isaiah, Daniel) the traditional and
 * critical views with their reasons, named fairly. Read on first use.
 */
import { findAnyBook } from '@lectio/contracts/books';
import { findAnyBookByName } from '@lectio/contracts/reference';
import { readOptionalData } from './data';

export interface BookIntroduction {
  /** Book id ('hebrews'). */
  book: string;
  /** One or two sentences: what the book is and says. */
  summary: string;
  /** The summary in plain words, for the simple style (Flesch-Kincaid grade 8 or lower). */
  plain: string;
  author: string;
  date: string;
  audience: string;
  purpose: string;
  /** The book's parts in order, each a reference ('Romans 1:18-3:20') with a heading. */
  outline: Array<{ passage: string; heading: string }>;
  /** Where authorship (or date) is disputed: the question, the traditional and the critical view with their reasons, and both in plain words. */
  authorship?: { question: string; traditional: string; critical: string; short: string };
  /** Two to four verses that carry the book ('Romans 1:16-17'). */
  keyVerses?: string[];
}

interface IntroductionsFile {
  source: string;
  books: BookIntroduction[];
}

let byBook: Map<string, BookIntroduction> | undefined;
let oldByBook: Map<string, BookIntroduction> | undefined;

const read = (file: string) =>
  new Map(readOptionalData<IntroductionsFile>(file, { source: '', books: [] }).books.map((b) => [b.book, b]));

function load(): Map<string, BookIntroduction> {
  byBook ??= read('introductions/new-testament.json');
  return byBook;
}

function loadOld(): Map<string, BookIntroduction> {
  oldByBook ??= read('introductions/old-testament.json');
  return oldByBook;
}

/** The introduction to a book of either testament, by id ('hebrews', 'isaiah') or name ('Hebrews', '1 Cor'), or null. */
export function bookIntroduction(book: string): (BookIntroduction & { name: string; testament: 'old' | 'new' }) | null {
  const found = findAnyBook(book) ?? findAnyBookByName(book);
  const intro = found ? (found.testament === 'new' ? load() : loadOld()).get(found.id) : undefined;
  return found && intro ? { ...intro, name: found.name, testament: found.testament } : null;
}

/** Every New Testament introduction, in the New Testament's order. */
export function bookIntroductions(): BookIntroduction[] {
  return [...load().values()];
}

/** Every Old Testament introduction, in the Old Testament's order. */
export function oldTestamentIntroductions(): BookIntroduction[] {
  return [...loadOld().values()];
}
