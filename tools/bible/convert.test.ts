import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { TOTAL_CHAPTERS } from '@lectio/contracts/books';
import { parseImp, SOURCES, convert } from './convert';

function fakeImp(): string {
  // Every chapter of every book gets verse 1; a few entries exercise the special cases.
  const lines: string[] = [];
  const names: Array<[string, number]> = [
    ['Matthew', 28],
    ['Mark', 16],
    ['Luke', 24],
    ['John', 21],
    ['Acts', 28],
    ['Romans', 16],
    ['I Corinthians', 16],
    ['II Corinthians', 13],
    ['Galatians', 6],
    ['Ephesians', 6],
    ['Philippians', 4],
    ['Colossians', 4],
    ['I Thessalonians', 5],
    ['II Thessalonians', 3],
    ['I Timothy', 6],
    ['II Timothy', 4],
    ['Titus', 3],
    ['Philemon', 1],
    ['Hebrews', 13],
    ['James', 5],
    ['I Peter', 5],
    ['II Peter', 3],
    ['I John', 5],
    ['II John', 1],
    ['III John', 1],
    ['Jude', 1],
    ['Revelation of John', 22],
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

const hasMod2imp = (() => {
  try {
    execFileSync('mod2imp', ['--help'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // mod2imp prints usage and exits non-zero without arguments; a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
})();

/** Where SWORD looks for module descriptions: SWORD_PATH, ~/.sword, the system data path. */
function swordModuleInstalled(module: string): boolean {
  const roots = [
    process.env.SWORD_PATH,
    process.env.HOME && join(process.env.HOME, '.sword'),
    '/usr/share/sword',
    '/usr/local/share/sword',
  ];
  const header = `[${module.toLowerCase()}]`;
  for (const root of roots) {
    const dir = root && join(root, 'mods.d');
    if (!dir || !existsSync(dir)) continue;
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.conf')) continue;
      const first = readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .find((l) => l.trim().startsWith('['));
      if (first?.trim().toLowerCase() === header) return true;
    }
  }
  return false;
}

/** Why a source cannot be converted here (undefined when it can); under REQUIRE_SWORD=1 (CI) that is a failure. */
function swordMissing(source: (typeof SOURCES)[number]): string | undefined {
  const reason = !hasMod2imp
    ? 'mod2imp is not installed (Debian package libsword-utils)'
    : !swordModuleInstalled(source.module)
      ? `the SWORD module ${source.module} is not installed (Debian package sword-text-${source.translation})`
      : undefined;
  if (!reason) return undefined;
  if (process.env.REQUIRE_SWORD === '1') throw new Error(`REQUIRE_SWORD=1 but ${reason}`);
  console.warn(`[skipped] convert ${source.translation}: ${reason}`);
  return reason;
}

const JOHN_3_16: Record<(typeof SOURCES)[number]['translation'], RegExp> = {
  web: /only born Son/,
  kjv: /only begotten Son/,
  rv1909: /unigénito/,
};

describe('convert (needs the Debian SWORD packages)', () => {
  // Each module on its own: a machine with the KJV but not the WEB module still converts the KJV.
  for (const source of SOURCES) {
    const missing = swordMissing(source);
    it.skipIf(!!missing)(
      `${source.translation} converts from ${source.module}${missing ? ` (skipped: ${missing})` : ''}`,
      () => {
        const { nt, ot } = convert(source);
        expect(Object.values(nt.books).flatMap((b) => Object.keys(b))).toHaveLength(TOTAL_CHAPTERS);
        expect(Object.keys(ot.books)).toHaveLength(39);
        expect(nt.books.john!['3']!.find((v) => v.number === 16)!.text).toMatch(JOHN_3_16[source.translation]);
        // The files under library/data/bible are this converter's output, unedited.
        for (const [name, file] of [
          [`${source.translation}.json`, nt],
          [`ot-${source.translation}.json`, ot],
        ] as const) {
          const committed = readFileSync(new URL(`../../library/data/bible/${name}`, import.meta.url), 'utf8');
          expect(JSON.stringify(file) + '\n', name).toBe(committed);
        }
      },
    );
  }
});
