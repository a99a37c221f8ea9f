import { describe, it, expect } from 'vitest';
import { BOOKS, TOTAL_CHAPTERS } from './books';
import { nextChapter, previousChapter } from './navigation';

describe('nextChapter', () => {
  it('moves within a book', () => {
    expect(nextChapter('john', 3)).toEqual({ bookId: 'john', bookName: 'John', chapter: 4 });
  });
  it('moves to chapter 1 of the next book after the last chapter', () => {
    expect(nextChapter('matthew', 28)).toEqual({ bookId: 'mark', bookName: 'Mark', chapter: 1 });
    expect(nextChapter('philemon', 1)).toEqual({ bookId: 'hebrews', bookName: 'Hebrews', chapter: 1 });
  });
  it('has none after Revelation 22', () => {
    expect(nextChapter('revelation', 22)).toBeNull();
    expect(nextChapter('revelation', 21)).toEqual({ bookId: 'revelation', bookName: 'Revelation', chapter: 22 });
  });
  it('returns null for an unknown book', () => {
    expect(nextChapter('tobit', 1)).toBeNull();
  });
});

describe('the Old Testament: previous and next stay within it', () => {
  it('moves through its books, with none before Genesis 1 or after Malachi 4', () => {
    expect(nextChapter('isaiah', 53)).toEqual({ bookId: 'isaiah', bookName: 'Isaiah', chapter: 54 });
    expect(nextChapter('genesis', 50)).toEqual({ bookId: 'exodus', bookName: 'Exodus', chapter: 1 });
    expect(previousChapter('exodus', 1)).toEqual({ bookId: 'genesis', bookName: 'Genesis', chapter: 50 });
    expect(previousChapter('genesis', 1)).toBeNull();
    expect(nextChapter('malachi', 4)).toBeNull();
    expect(previousChapter('matthew', 1)).toBeNull();
  });
});

describe('previousChapter', () => {
  it('moves within a book', () => {
    expect(previousChapter('romans', 8)).toEqual({ bookId: 'romans', bookName: 'Romans', chapter: 7 });
  });
  it('moves to the last chapter of the previous book from chapter 1', () => {
    expect(previousChapter('mark', 1)).toEqual({ bookId: 'matthew', bookName: 'Matthew', chapter: 28 });
    expect(previousChapter('corinthians1', 1)).toEqual({ bookId: 'romans', bookName: 'Romans', chapter: 16 });
  });
  it('has none before Matthew 1', () => {
    expect(previousChapter('matthew', 1)).toBeNull();
  });
  it('walks all 260 chapters forwards and back', () => {
    const forward: string[] = [];
    for (
      let at: { bookId: string; chapter: number } | null = { bookId: 'matthew', chapter: 1 };
      at;
      at = nextChapter(at.bookId, at.chapter)
    ) {
      forward.push(`${at.bookId} ${at.chapter}`);
    }
    expect(forward).toHaveLength(TOTAL_CHAPTERS);
    const last = BOOKS[BOOKS.length - 1]!;
    const backward: string[] = [];
    for (
      let at: { bookId: string; chapter: number } | null = { bookId: last.id, chapter: last.chapters };
      at;
      at = previousChapter(at.bookId, at.chapter)
    ) {
      backward.push(`${at.bookId} ${at.chapter}`);
    }
    expect(backward.reverse()).toEqual(forward);
  });
});
