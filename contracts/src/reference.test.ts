import { describe, it, expect } from 'vitest';
import { BOOKS } from './books';
import {
  findAnyBookByName,
  findBookByName,
  findReferences,
  formatReference,
  oldTestamentBookIn,
  oldTestamentNotice,
  parseAnyReference,
  parseReference,
} from './reference';

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

  it.each(['', 'love is patient', 'Genesis 1:1', 'John 22', 'Romans 0', 'rev 23', '1 Cor 13:7-4', '3:16', '42', 'phi 1', 'iron 3'])('rejects %j', (input) => {
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
    expect(formatReference({ bookId: 'corinthians1', chapter: 13, verse: 4, verseEnd: 7 })).toBe('1 Corinthians 13:4-7');
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

describe('findReferences in running text', () => {
  const refs = (text: string) => findReferences(text).map((r) => [r.text, r.book?.id ?? null, r.chapter, r.verse, r.verseEnd]);

  it('finds abbreviations, ranges, chapters and both testaments', () => {
    expect(refs('See Jn 3:16 and 1 Cor 13:4-7, also Isa 53:5 and Ps 23.')).toEqual([
      ['Jn 3:16', 'john', 3, 16, null],
      ['1 Cor 13:4-7', 'corinthians1', 13, 4, 7],
      ['Isa 53:5', 'isaiah', 53, 5, null],
      ['Ps 23', 'psalms', 23, null, null],
    ]);
    expect(refs('Romans 8 ends in hope; Mark 5:1–20; 2 Timothy 3.16; Phil. 4:13; Jude 3')).toEqual([
      ['Romans 8', 'romans', 8, null, null],
      ['Mark 5:1–20', 'mark', 5, 1, 20],
      ['2 Timothy 3.16', 'timothy2', 3, 16, null],
      ['Phil. 4:13', 'philippians', 4, 13, null],
      ['Jude 3', 'jude', 1, 3, null],
    ]);
  });

  it('reports a book that does not exist, with its offsets', () => {
    const text = 'As Hezekiah 3:16 says';
    const [found] = findReferences(text);
    expect(found).toMatchObject({ text: 'Hezekiah 3:16', book: null, chapter: 3, verse: 16, start: 3 });
    expect(text.slice(found!.start, found!.end)).toBe('Hezekiah 3:16');
  });

  it('ignores numbers that are not references', () => {
    expect(refs('At 10:30 pm I am 3 years in; In 3:16 Jesus speaks; chapter 3 and verse 16; page 12')).toEqual([]);
  });

  it('reads I and II as part of a book name only when they make one', () => {
    expect(refs('I John 4:8 and II Kings 2:11')).toEqual([
      ['I John 4:8', 'john1', 4, 8, null],
      ['II Kings 2:11', 'kings2', 2, 11, null],
    ]);
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

describe('oldTestamentBookIn', () => {
  it.each([
    ['Genesis 1:1', 'genesis'],
    ['Psalm 23', 'psalms'],
    ['ps 151', 'psalms'],
    ['Isa 53:5', 'isaiah'],
    ['1 Kings 19:12', 'kings1'],
    ['Job', 'job'],
  ])('%s names %s', (input, id) => {
    expect(oldTestamentBookIn(input)?.id).toBe(id);
  });
  it.each(['John 3:16', 'Romans 8', 'love is patient', '', '<img src=x>'])('not %j', (input) => {
    expect(oldTestamentBookIn(input)).toBeNull();
  });
  it('words the notice', () => {
    expect(oldTestamentNotice({ name: 'Genesis' })).toBe("Genesis is in the Old Testament. Lectio's reader holds the New Testament.");
  });
});

describe('findReferences: lists of verses', () => {
  const refs = (text: string) => findReferences(text).map((r) => [r.text, r.book?.id ?? null, r.chapter, r.verse, r.verseEnd]);
  it('reads further verses and chapters of the same book as their own references', () => {
    expect(refs('Romans 8:28, 38-39 and John 3:16; 5:24.')).toEqual([
      ['Romans 8:28', 'romans', 8, 28, null],
      ['38-39', 'romans', 8, 38, 39],
      ['John 3:16', 'john', 3, 16, null],
      ['5:24', 'john', 5, 24, null],
    ]);
    expect(refs('(Matthew 5:3, 10)')).toEqual([
      ['Matthew 5:3', 'matthew', 5, 3, null],
      ['10', 'matthew', 5, 10, null],
    ]);
    expect(refs('Ps 23, 24, and 91')).toEqual([
      ['Ps 23', 'psalms', 23, null, null],
      ['24', 'psalms', 24, null, null],
      ['91', 'psalms', 91, null, null],
    ]);
    expect(refs('Jude 3, 5')).toEqual([
      ['Jude 3', 'jude', 1, 3, null],
      ['5', 'jude', 1, 5, null],
    ]);
  });
  it('leaves numbers that are not part of the list alone', () => {
    expect(refs('John 3:16, 17 people came')).toEqual([['John 3:16', 'john', 3, 16, null]]);
    expect(refs('John 3:16, 1 Cor 13:4')).toEqual([
      ['John 3:16', 'john', 3, 16, null],
      ['1 Cor 13:4', 'corinthians1', 13, 4, null],
    ]);
  });
  it('reads verse parts', () => {
    expect(refs('Mark 1:15a and Mark 1:14-15b')).toEqual([
      ['Mark 1:15a', 'mark', 1, 15, null],
      ['Mark 1:14-15b', 'mark', 1, 14, 15],
    ]);
  });
});
