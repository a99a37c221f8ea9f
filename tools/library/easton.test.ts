import { existsSync, readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  articleReferences,
  cleanText,
  convertEaston,
  EASTON_OUTPUT,
  verseExists,
  type EastonSourceEntry,
} from './easton';

const headwords = new Map([
  ['moses', 'Moses'],
  ['farthing', 'Farthing'],
  ['dead sea', 'Dead Sea'],
  ['ashdod', 'Ashdod'],
]);

describe("Easton's dictionary converter", () => {
  it('writes numbered links as the names they point to and keeps them as cross-references', () => {
    expect(
      cleanText('Two mites made one quadrans. (See [407]FARTHING.)\n\nA second  paragraph\nwrapped.', headwords),
    ).toEqual({
      paragraphs: ['Two mites made one quadrans. (See Farthing.)', 'A second paragraph wrapped.'],
      seeAlso: ['Farthing'],
    });
    expect(cleanText('The Grecized form of Ashdod (q.v.).', headwords).seeAlso).toEqual(['Ashdod']);
    expect(cleanText('(Josh. 3:16). See DEAD Sea.', headwords).seeAlso).toEqual(['Dead Sea']);
  });

  it("reads the verses an article cites, a bare '(2:1, 4; 7:7)' as the book named before it", () => {
    const exists = (bookId: string, chapter: number, verse: number | null) =>
      bookId !== 'job' && chapter < 40 && (verse ?? 1) < 30;
    expect(
      articleReferences(
        ['Son of Amram (Ex. 6:20). Born before Moses (2:1, 4; 7:7), married (6:23; 1 Chr. 2:10); Lev. 8; Job 3:1.'],
        exists,
      ),
    ).toEqual([
      'exodus 6:20',
      'exodus 2:1',
      'exodus 2:4',
      'exodus 7:7',
      'exodus 6:23',
      'chronicles1 2:10',
      'leviticus 8',
    ]);
    // No book named yet: a bare reference is left out.
    expect(articleReferences(['The father of the prophet Ezekiel (1:3).'], exists)).toEqual([]);
  });

  it('makes one article of two with one name, and corrects misspelt headwords', () => {
    const source: EastonSourceEntry[] = [
      { mot: 'Kadesh', definition: 'A place (Gen. 14:7).' },
      { mot: 'Olves, Mount of', definition: 'So called from the olive trees.' },
      { mot: 'Kadesh', definition: 'Another account (Num. 20:1).' },
    ];
    const file = convertEaston(source, () => true);
    expect(file.articles.map((a) => [a.headword, a.paragraphs.length, a.references])).toEqual([
      ['Kadesh', 2, ['genesis 14:7', 'numbers 20:1']],
      ['Olives, Mount of', 1, []],
    ]);
  });

  const source = process.env.EASTON_SOURCE;
  it.skipIf(!source || !existsSync(source))(
    `reproduces ${EASTON_OUTPUT} from the source${source ? '' : ' (skipped: set EASTON_SOURCE to eastons.json, see library/data/README.md)'}`,
    () => {
      // The source's own shape, as tools/library/easton.ts checks it.
      const entries = JSON.parse(readFileSync(source!, 'utf8')) as EastonSourceEntry[];
      expect(JSON.stringify(convertEaston(entries, verseExists)) + '\n').toBe(
        readFileSync(new URL(`../../library/data/${EASTON_OUTPUT}`, import.meta.url), 'utf8'),
      );
    },
  );
});
