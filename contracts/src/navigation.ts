import { BOOKS, findAnyBook, OT_BOOKS, type Book } from './books';

/** A chapter the reader can move to, labelled for the previous/next buttons. */
export interface ChapterLocation {
  bookId: string;
  bookName: string;
  chapter: number;
}

/** The books of the book's own testament, in order: previous and next never cross from one testament to the other. */
function shelfOf(bookId: string): { book: Book; shelf: readonly Book[] } | null {
  const book = findAnyBook(bookId);
  if (!book) return null;
  return { book, shelf: book.testament === 'old' ? OT_BOOKS : BOOKS };
}

/** The chapter after this one: the next in the book, else chapter 1 of the next book; none after Revelation 22 (or Malachi 4). */
export function nextChapter(bookId: string, chapter: number): ChapterLocation | null {
  const found = shelfOf(bookId);
  if (!found) return null;
  const { book, shelf } = found;
  if (chapter < book.chapters)
    return { bookId: book.id, bookName: book.name, chapter: Math.max(1, Math.floor(chapter) + 1) };
  const next = shelf[book.order + 1];
  return next ? { bookId: next.id, bookName: next.name, chapter: 1 } : null;
}

/** The chapter before this one: the previous in the book, else the last of the previous book; none before Matthew 1 (or Genesis 1). */
export function previousChapter(bookId: string, chapter: number): ChapterLocation | null {
  const found = shelfOf(bookId);
  if (!found) return null;
  const { book, shelf } = found;
  if (chapter > 1)
    return { bookId: book.id, bookName: book.name, chapter: Math.min(book.chapters, Math.ceil(chapter) - 1) };
  const previous = shelf[book.order - 1];
  return previous ? { bookId: previous.id, bookName: previous.name, chapter: previous.chapters } : null;
}
