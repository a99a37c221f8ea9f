import { describe, it, expect } from 'vitest';
import { mergeVerses, parseVerseNumber } from './verses';

describe('mergeVerses', () => {
  it('sorts verses by number', () => {
    expect(
      mergeVerses([
        { number: 3, text: 'c' },
        { number: 1, text: 'a' },
        { number: 2, text: 'b' },
      ]),
    ).toEqual([
      { number: 1, text: 'a' },
      { number: 2, text: 'b' },
      { number: 3, text: 'c' },
    ]);
  });

  it('joins differing duplicate texts with a space', () => {
    expect(
      mergeVerses([
        { number: 1, text: 'In the beginning' },
        { number: 1, text: 'was the Word.' },
      ]),
    ).toEqual([{ number: 1, text: 'In the beginning was the Word.' }]);
  });

  it('keeps one copy when the duplicate is identical or already contained', () => {
    expect(
      mergeVerses([
        { number: 5, text: 'Jesus wept.' },
        { number: 5, text: 'Jesus wept.' },
      ]),
    ).toEqual([{ number: 5, text: 'Jesus wept.' }]);
    expect(
      mergeVerses([
        { number: 5, text: 'Jesus wept.' },
        { number: 5, text: 'wept' },
      ]),
    ).toEqual([{ number: 5, text: 'Jesus wept.' }]);
  });

  it('lets a longer text that contains the earlier one replace it', () => {
    expect(
      mergeVerses([
        { number: 2, text: 'wept' },
        { number: 2, text: 'Jesus wept.' },
      ]),
    ).toEqual([{ number: 2, text: 'Jesus wept.' }]);
  });

  it('drops verses with no number or an invalid one', () => {
    const raw = [
      { text: 'no number' },
      { number: 0, text: 'zero' },
      { number: -1, text: 'negative' },
      { number: 1.5, text: 'fraction' },
      { number: 'x', text: 'not digits' },
      { number: Number.NaN, text: 'nan' },
      { number: '7', text: 'digit string' },
      { number: 2, text: 'ok' },
    ];
    expect(mergeVerses(raw)).toEqual([
      { number: 2, text: 'ok' },
      { number: 7, text: 'digit string' },
    ]);
  });

  it('treats a non-string text as empty', () => {
    expect(mergeVerses([{ number: 1, text: 42 }])).toEqual([{ number: 1, text: '' }]);
  });
});

describe('parseVerseNumber', () => {
  it('accepts positive integers and digit strings only', () => {
    expect(parseVerseNumber(3)).toBe(3);
    expect(parseVerseNumber(' 12 ')).toBe(12);
    expect(parseVerseNumber('1e2')).toBeNull();
    expect(parseVerseNumber(null)).toBeNull();
    expect(parseVerseNumber(undefined)).toBeNull();
  });
});
