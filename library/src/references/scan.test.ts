import { describe, it, expect } from 'vitest';
import { findReferences } from './scan';

describe('findReferences in running text', () => {
  const refs = (text: string) =>
    findReferences(text).map((r) => [r.text, r.book?.id ?? null, r.chapter, r.verse, r.verseEnd]);

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

describe('findReferences: lists of verses', () => {
  const refs = (text: string) =>
    findReferences(text).map((r) => [r.text, r.book?.id ?? null, r.chapter, r.verse, r.verseEnd]);
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
