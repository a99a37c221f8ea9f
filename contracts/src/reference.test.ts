import { describe, it, expect } from 'vitest';
import { BOOKS } from './books';
import { findAnyBookByName, findBookByName, formatReference, parseAnyReference, parseReference } from './reference';

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

  it.each([
    '',
    'love is patient',
    'Genesis 1:1',
    'John 22',
    'Romans 0',
    'rev 23',
    '1 Cor 13:7-4',
    '3:16',
    '42',
    'phi 1',
    'iron 3',
  ])('rejects %j', (input) => {
    expect(parseReference(input)).toBeNull();
  });
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
    expect(formatReference({ bookId: 'corinthians1', chapter: 13, verse: 4, verseEnd: 7 })).toBe(
      '1 Corinthians 13:4-7',
    );
    expect(formatReference({ bookId: 'romans', chapter: 8 })).toBe('Romans 8');
  });
});

describe('parseAnyReference (both testaments)', () => {
  it.each([
    ['Isaiah 53:5', { bookId: 'isaiah', chapter: 53, verse: 5 }],
    ['Isa 53:5', { bookId: 'isaiah', chapter: 53, verse: 5 }],
    ['Ps 23', { bookId: 'psalms', chapter: 23 }],
    ['Psalm 119:105', { bookId: 'psalms', chapter: 119, verse: 105 }],
    ['Genesis 1:1', { bookId: 'genesis', chapter: 1, verse: 1 }],
    ['1 Kgs 19:12', { bookId: 'kings1', chapter: 19, verse: 12 }],
    ['kings1 8', { bookId: 'kings1', chapter: 8 }],
    ['II Samuel 7:12-16', { bookId: 'samuel2', chapter: 7, verse: 12, verseEnd: 16 }],
    ['Song of Songs 2:4', { bookId: 'songofsolomon', chapter: 2, verse: 4 }],
    ['Obadiah 3', { bookId: 'obadiah', chapter: 1, verse: 3 }],
    ['jn 3:16', { bookId: 'john', chapter: 3, verse: 16 }],
  ])('%s', (input, expected) => {
    expect(parseAnyReference(input)).toEqual(expected);
  });
  it.each(['Hezekiah 3:16', 'Genesis 51', 'Psalms 151', ''])('rejects %j', (input) => {
    expect(parseAnyReference(input)).toBeNull();
  });
  it('leaves the reader parser with the New Testament', () => {
    expect(parseReference('Isaiah 53:5')).toBeNull();
    expect(findBookByName('Genesis')).toBeUndefined();
    expect(findAnyBookByName('Genesis')?.testament).toBe('old');
  });
});

describe('the Old Testament book list', () => {
  it("has 39 books with the NT-style ids, and BOOKS stays the reader's 27", async () => {
    const { OT_BOOKS, ALL_BOOKS } = await import('./books');
    expect(OT_BOOKS).toHaveLength(39);
    expect(BOOKS).toHaveLength(27);
    expect(ALL_BOOKS).toHaveLength(66);
    expect(OT_BOOKS.map((b) => b.id)).toContain('songofsolomon');
    expect(OT_BOOKS.find((b) => b.id === 'psalms')?.chapters).toBe(150);
    expect(OT_BOOKS.every((b) => b.testament === 'old')).toBe(true);
  });
});
