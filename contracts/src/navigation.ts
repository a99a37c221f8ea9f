import { BOOKS, findBook } from './books';

/** A chapter the reader can move to, labelled for the previous/next buttons. */
export interface ChapterLocation {
  bookId: string;
  bookName: string;
  chapter: number;
}

/** The chapter after this one: the next in the book, else chapter 1 of the next book; none after Revelation 22. */
export function nextChapter(bookId: string, chapter: number): ChapterLocation | null {
  const book = findBook(bookId);
  if (!book) return null;
  if (chapter < book.chapters) return { bookId: book.id, bookName: book.name, chapter: Math.max(1, Math.floor(chapter) + 1) };
  const next = BOOKS[book.order + 1];
  return next ? { bookId: next.id, bookName: next.name, chapter: 1 } : null;
}

/** The chapter before this one: the previous in the book, else the last of the previous book; none before Matthew 1. */
export function previousChapter(bookId: string, chapter: number): ChapterLocation | null {
  const book = findBook(bookId);
  if (!book) return null;
  if (chapter > 1) return { bookId: book.id, bookName: book.name, chapter: Math.min(book.chapters, Math.ceil(chapter) - 1) };
  const previous = BOOKS[book.order - 1];
  return previous ? { bookId: previous.id, bookName: previous.name, chapter: previous.chapters } : null;
}
