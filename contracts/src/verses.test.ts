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

describe('mergeVerses with paragraphs, lines and footnotes', () => {
  it('keeps the marks that fit the text and drops the rest', () => {
    expect(
      mergeVerses([
        {
          number: 1,
          text: 'Yahweh is my shepherd; I shall lack nothing.',
          breaks: [[0, 'l1'], [23, 'l2'], [99, 'p'], [3, 'x'], 'p'],
          notes: [
            [22, 'A note.'],
            [-1, 'before'],
            [5, ''],
          ],
          title: ' A Psalm by David. ',
        },
      ]),
    ).toEqual([
      {
        number: 1,
        text: 'Yahweh is my shepherd; I shall lack nothing.',
        breaks: [
          [0, 'l1'],
          [23, 'l2'],
        ],
        notes: [[22, 'A note.']],
        title: 'A Psalm by David.',
      },
    ]);
  });

  it("moves the second part's marks along when duplicates are joined, and takes the new text's when it replaces", () => {
    const joined = mergeVerses([
      { number: 6, text: 'Rejoice,', breaks: [[0, 'p']] },
      { number: 6, text: 'again rejoice.', breaks: [[0, 'l1']], notes: [[5, 'Or: once more.']] },
    ]);
    expect(joined).toEqual([
      {
        number: 6,
        text: 'Rejoice, again rejoice.',
        breaks: [
          [0, 'p'],
          [9, 'l1'],
        ],
        notes: [[14, 'Or: once more.']],
      },
    ]);
    expect(joined[0]!.text.slice(9, 14)).toBe('again');
    expect(
      mergeVerses([
        { number: 2, text: 'wept', breaks: [[0, 'p']] },
        { number: 2, text: 'Jesus wept.', notes: [[5, 'n']] },
      ]),
    ).toEqual([{ number: 2, text: 'Jesus wept.', notes: [[5, 'n']] }]);
  });

  it('drops the marks of a text with leading spaces rather than misplace them', () => {
    expect(mergeVerses([{ number: 1, text: '  In the beginning', breaks: [[2, 'p']] }])).toEqual([
      { number: 1, text: 'In the beginning' },
    ]);
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
