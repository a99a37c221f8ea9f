import { describe, expect, it } from 'vitest';
import { splitRomansDoxology } from './web-fixups';

describe('splitRomansDoxology', () => {
  const glued =
    'But he who doubts is condemned if he eats, because it isn’t of faith; and whatever is not of faith is sin. ' +
    'Now to him who is able to establish you according to my Good News and the preaching of Jesus Christ, according to the revelation of the mystery which has been kept secret through long ages, ' +
    'but now is revealed, and by the Scriptures of the prophets, according to the commandment of the eternal God, is made known for obedience of faith to all the nations; ' +
    'to the only wise God, through Jesus Christ, to whom be the glory forever! Amen.';

  it('given 14:23 with the doxology glued on, gives 14:23-26 as the WEB numbers them', () => {
    const out = splitRomansDoxology({
      romans: {
        '14': [
          { number: 22, text: 'x' },
          { number: 23, text: glued },
        ],
      },
    });
    expect(out.romans!['14']!.map((v) => v.number)).toEqual([22, 23, 24, 25, 26]);
    expect(out.romans!['14']![1]!.text).toBe(
      'But he who doubts is condemned if he eats, because it isn’t of faith; and whatever is not of faith is sin.',
    );
    expect(out.romans!['14']![2]!.text).toMatch(/^Now to him who is able .* through long ages,$/);
    expect(out.romans!['14']![3]!.text).toMatch(/^but now is revealed, .* to all the nations;$/);
    expect(out.romans!['14']![4]!.text).toBe(
      'to the only wise God, through Jesus Christ, to whom be the glory forever! Amen.',
    );
  });

  it('leaves a text without the doxology (the KJV) alone', () => {
    const books = { romans: { '14': [{ number: 23, text: 'And he that doubteth is damned if he eat.' }] } };
    expect(splitRomansDoxology(books)).toBe(books);
  });
});

describe('splitRomansDoxology with its marks', () => {
  it('gives the paragraph mark to 14:24 and the footnote to the end of 14:26', () => {
    const head = 'But he who doubts is sin. ';
    const text = head + 'Now to him who is able to establish you, but now is revealed, to the only wise God! Amen.';
    const out = splitRomansDoxology({
      romans: {
        '14': [
          {
            number: 23,
            text,
            breaks: [[head.length, 'p']],
            notes: [[text.length, 'TR places verses 24-26 after Romans 16:24.']],
          },
        ],
      },
    });
    const verses = out.romans!['14']!;
    expect(verses.map((v) => [v.number, v.breaks ?? null, v.notes ?? null])).toEqual([
      [23, null, null],
      [24, [[0, 'p']], null],
      [25, null, null],
      [26, null, [[verses[3]!.text.length, 'TR places verses 24-26 after Romans 16:24.']]],
    ]);
  });
});
