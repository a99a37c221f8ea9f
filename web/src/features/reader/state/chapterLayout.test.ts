import { describe, expect, it } from 'vitest';
import type { Verse } from '@lectio/contracts/verses';
import { chapterLayout, type LayoutBlock } from './chapterLayout';

const shape = (blocks: LayoutBlock[]) =>
  blocks.map((b) => [
    b.kind,
    b.level,
    b.gap,
    b.heading ?? null,
    b.pieces.map((p) => `${p.verse.number}${p.first ? '' : '+'}:${p.verse.text.slice(p.from, p.to)}`),
  ]);

// Matthew 2:5-7 in the WEB: a prose verse, the quotation of Micah set as four lines, prose again.
const verses: Verse[] = [
  { number: 5, text: 'They said to him, “In Bethlehem of Judea,' },
  {
    number: 6,
    text: '‘You Bethlehem, are in no way least; for out of you shall come a governor.’”',
    breaks: [
      [0, 's1'],
      [16, 'l2'],
      [37, 'l1'],
    ],
  },
  { number: 7, text: 'Then Herod secretly called the wise men.', breaks: [[0, 'p']] },
  { number: 8, text: 'He sent them to Bethlehem.' },
];

describe('chapterLayout', () => {
  it('sets a quotation marked as verse in lines between paragraphs, each verse once, split where a line begins', () => {
    expect(shape(chapterLayout(verses))).toEqual([
      ['prose', 1, true, null, ['5:They said to him, “In Bethlehem of Judea,']],
      ['line', 1, true, null, ['6:‘You Bethlehem, ']],
      ['line', 2, false, null, ['6+:are in no way least; ']],
      ['line', 1, false, null, ['6+:for out of you shall come a governor.’”']],
      ['prose', 1, true, null, ['7:Then Herod secretly called the wise men.', '8:He sent them to Bethlehem.']],
    ]);
  });

  it('opens a paragraph at each of our headings, and gives every verse its own with one verse per line', () => {
    expect(shape(chapterLayout(verses, [{ verse: 8, heading: 'The flight to Egypt' }])).at(-1)).toEqual([
      'prose',
      1,
      true,
      'The flight to Egypt',
      ['8:He sent them to Bethlehem.'],
    ]);
    const perLine = chapterLayout(verses, [], true);
    expect(perLine.map((b) => b.pieces.map((p) => p.verse.number))).toEqual([[5], [6], [7], [8]]);
    expect(
      perLine.every(
        (b) => b.kind === 'prose' && b.pieces.every((p) => p.first && p.from === 0 && p.to === p.verse.text.length),
      ),
    ).toBe(true);
  });

  it("puts a psalm's title before its first verse", () => {
    const blocks = chapterLayout([
      { number: 1, text: 'Yahweh is my shepherd;', title: 'A Psalm by David.', breaks: [[0, 's1']] },
    ]);
    expect(blocks[0]).toMatchObject({ kind: 'line', title: 'A Psalm by David.' });
  });
});
