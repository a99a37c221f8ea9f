import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { TOTAL_CHAPTERS } from '@lectio/contracts/books';
import { parseImp, SOURCES, convert } from './convert';

function fakeImp(): string {
  // Every chapter of every book gets verse 1; a few entries exercise the special cases.
  const lines: string[] = [];
  const names: Array<[string, number]> = [
    ['Matthew', 28], ['Mark', 16], ['Luke', 24], ['John', 21], ['Acts', 28], ['Romans', 16], ['I Corinthians', 16],
    ['II Corinthians', 13], ['Galatians', 6], ['Ephesians', 6], ['Philippians', 4], ['Colossians', 4],
    ['I Thessalonians', 5], ['II Thessalonians', 3], ['I Timothy', 6], ['II Timothy', 4], ['Titus', 3], ['Philemon', 1],
    ['Hebrews', 13], ['James', 5], ['I Peter', 5], ['II Peter', 3], ['I John', 5], ['II John', 1], ['III John', 1],
    ['Jude', 1], ['Revelation of John', 22],
  ];
  lines.push('$$$Malachi 4:6', 'Old Testament text is ignored.');
  for (const [name, chapters] of names) {
    lines.push(`$$$${name} 0:0`, '<title>Book introduction</title>');
    for (let c = 1; c <= chapters; c++) {
      lines.push(`$$$${name} ${c}:0`, '<chapter sID="x"/>');
      lines.push(`$$$${name} ${c}:2`, `<w lemma="strong:G1">Second</w> verse of ${name} ${c}.`);
      lines.push(`$$$${name} ${c}:1`, `<w lemma="strong:G1">First</w> verse.`);
      lines.push(`$$$${name} ${c}:3`, '<note placement="foot">Only a footnote.</note>');
    }
  }
  return lines.join('\n') + '\n';
}

describe('parseImp', () => {
  it('keeps the 27 New Testament books, drops introductions and empty verses, sorts verses', () => {
    const books = parseImp(fakeImp());
    expect(Object.keys(books)).toHaveLength(27);
    expect(Object.values(books).flatMap((b) => Object.keys(b))).toHaveLength(TOTAL_CHAPTERS);
    expect(books.corinthians1!['13']).toEqual([
      { number: 1, text: 'First verse.' },
      { number: 2, text: 'Second verse of I Corinthians 13.' },
    ]);
    expect(books.revelation!['22']).toHaveLength(2);
  });

  it('fails loudly when a chapter is missing', () => {
    const imp = fakeImp().replace(/\$\$\$Jude 1:\d\n[^\n]*\n/g, '');
    expect(() => parseImp(imp)).toThrow(/jude/);
  });
});

const hasSword = (() => {
  try {
    execFileSync('mod2imp', ['--help'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // mod2imp prints usage and exits non-zero without arguments; a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

describe.skipIf(!hasSword)('convert (needs the Debian SWORD packages)', () => {
  it.each(SOURCES)('$translation converts from $module', (source) => {
    const file = convert(source);
    expect(Object.values(file.books).flatMap((b) => Object.keys(b))).toHaveLength(TOTAL_CHAPTERS);
    expect(file.books.john!['3']!.find((v) => v.number === 16)!.text).toMatch(/only (born|begotten) Son/);
    // The files under library/data/bible are this converter's output, unedited.
    const committed = readFileSync(new URL(`../../library/data/bible/${source.translation}.json`, import.meta.url), 'utf8');
    expect(JSON.stringify(file) + '\n').toBe(committed);
  });
});
