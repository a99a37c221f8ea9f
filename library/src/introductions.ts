/**
 * Introductions to the 27 books of the New Testament, written by us
 * (library/data/introductions/new-testament.json): author, date, audience, purpose and an outline,
 * and where authorship or date is disputed (the Gospels' traditional names, Ephesians, Colossians,
 * 2 Thessalonians, the Pastorals, Hebrews, James, the letters of Peter, John and Jude, Revelation)
 * the traditional and critical views with their reasons, named fairly. Read on first use.
 */
import { findBook } from '@lectio/contracts/books';
import { findBookByName } from '@lectio/contracts/reference';
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

function load(): Map<string, BookIntroduction> {
  byBook ??= new Map(
    readOptionalData<IntroductionsFile>('introductions/new-testament.json', { source: '', books: [] }).books.map(
      (b) => [b.book, b],
    ),
  );
  return byBook;
}

/** The introduction to a New Testament book, by id ('hebrews') or name ('Hebrews', '1 Cor'), or null. */
export function bookIntroduction(book: string): (BookIntroduction & { name: string }) | null {
  const found = findBook(book) ?? findBookByName(book);
  const intro = found ? load().get(found.id) : undefined;
  return found && intro ? { ...intro, name: found.name } : null;
}

/** Every introduction, in the New Testament's order. */
export function bookIntroductions(): BookIntroduction[] {
  return [...load().values()];
}
