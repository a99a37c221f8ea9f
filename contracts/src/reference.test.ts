import { describe, it, expect } from 'vitest';
import { BOOKS } from './books';
import { findBookByName, formatReference, parseReference } from './reference';

describe('parseReference', () => {
  it.each([
    ['jn 3:16', { bookId: 'john', chapter: 3, verse: 16 }],
    ['John 3:16', { bookId: 'john', chapter: 3, verse: 16 }],
    ['  john   3 : 16 ', { bookId: 'john', chapter: 3, verse: 16 }],
    ['john 3 16', { bookId: 'john', chapter: 3, verse: 16 }],
    ['john3:16', { bookId: 'john', chapter: 3, verse: 16 }],
    ['Romans 8', { bookId: 'romans', chapter: 8 }],
    ['1 Cor 13:4-7', { bookId: 'corinthians1', chapter: 13, verse: 4, verseEnd: 7 }],
    ['1 corinthians 13', { bookId: 'corinthians1', chapter: 13 }],
    ['1co 13:4', { bookId: 'corinthians1', chapter: 13, verse: 4 }],
    ['I Cor. 13:4', { bookId: 'corinthians1', chapter: 13, verse: 4 }],
    ['first corinthians 2', { bookId: 'corinthians1', chapter: 2 }],
    ['II Tim 3:16', { bookId: 'timothy2', chapter: 3, verse: 16 }],
    ['corinthians1 13', { bookId: 'corinthians1', chapter: 13 }],
    ['corinthians-2 5:17', { bookId: 'corinthians2', chapter: 5, verse: 17 }],
    ['rev 22', { bookId: 'revelation', chapter: 22 }],
    ['Revelation 21:4', { bookId: 'revelation', chapter: 21, verse: 4 }],
    ['Phlm 1:6', { bookId: 'philemon', chapter: 1, verse: 6 }],
    ['Phil 4:13', { bookId: 'philippians', chapter: 4, verse: 13 }],
    ['Jude 3', { bookId: 'jude', chapter: 1, verse: 3 }],
    ['Jude 1', { bookId: 'jude', chapter: 1 }],
    ['3 John 1:4', { bookId: 'john3', chapter: 1, verse: 4 }],
    ['1 jn 4:8', { bookId: 'john1', chapter: 4, verse: 8 }],
    ['Heb 11:1', { bookId: 'hebrews', chapter: 11, verse: 1 }],
    ['jas 1:22', { bookId: 'james', chapter: 1, verse: 22 }],
    ['mt 5:3–12', { bookId: 'matthew', chapter: 5, verse: 3, verseEnd: 12 }],
    ['1 Thess 4:16', { bookId: 'thessalonians1', chapter: 4, verse: 16 }],
    ['1 pet 5:7', { bookId: 'peter1', chapter: 5, verse: 7 }],
    ['Matthew', { bookId: 'matthew', chapter: 1 }],
    ['gal 5:22', { bookId: 'galatians', chapter: 5, verse: 22 }],
  ])('%s', (input, expected) => {
    expect(parseReference(input)).toEqual(expected);
  });

  it.each(['', 'love is patient', 'Genesis 1:1', 'John 22', 'Romans 0', 'rev 23', '1 Cor 13:7-4', '3:16', '42', 'phi 1', 'iron 3'])(
    'rejects %j',
    (input) => {
      expect(parseReference(input)).toBeNull();
    },
  );
});

describe('findBookByName', () => {
  it('knows every full name and id', () => {
    for (const book of BOOKS) {
      expect(findBookByName(book.name)?.id).toBe(book.id);
      expect(findBookByName(book.id)?.id).toBe(book.id);
    }
  });
  it('accepts a unique prefix of three letters or more', () => {
    expect(findBookByName('ephesi')?.id).toBe('ephesians');
    expect(findBookByName('philipp')?.id).toBe('philippians');
    expect(findBookByName('phi')).toBeUndefined();
  });
});

describe('formatReference', () => {
  it('writes the book name, chapter, verse and range', () => {
    expect(formatReference({ bookId: 'corinthians1', chapter: 13, verse: 4, verseEnd: 7 })).toBe('1 Corinthians 13:4-7');
    expect(formatReference({ bookId: 'romans', chapter: 8 })).toBe('Romans 8');
  });
});
