import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModernWording } from '@lectio/library';
import { BSB_OUTPUT, bookIdOf, convertBsb } from './bsb';

describe('the Berean Standard Bible converter (tools/bible/bsb.ts)', () => {
  it("names the source's books by our ids", () => {
    expect(
      ['Genesis', 'I Samuel', 'II Kings', 'III John', 'Psalms', 'Song of Solomon', 'Revelation of John'].map(bookIdOf),
    ).toEqual(['genesis', 'samuel1', 'kings2', 'john3', 'psalms', 'songofsolomon', 'revelation']);
    expect(() => bookIdOf('Wisdom')).toThrow("unknown book 'Wisdom'");
  });

  it('reads headings and verse lines, leaving out the verses the BSB gives only in a footnote', () => {
    const file = convertBsb(
      [
        '### Matthew',
        '',
        '[17:20]  He replied, “Because you have so little faith.” ',
        '[17:21] ',
        '[17:22] When they gathered  in Galilee',
      ].join('\n'),
    );
    expect(file.books).toEqual({
      matthew: {
        '17': [
          { number: 20, text: 'He replied, “Because you have so little faith.”' },
          { number: 22, text: 'When they gathered in Galilee' },
        ],
      },
    });
  });

  it('the committed file holds both testaments in today’s wording', () => {
    const file = readModernWording();
    expect(Object.keys(file.books)).toHaveLength(66);
    expect(file.license).toContain('CC0');
    expect(file.books.philippians?.['4']?.find((v) => v.number === 13)?.text).toBe(
      'I can do all things through Christ who gives me strength.',
    );
  });

  const source = process.env.BSB_SOURCE;
  it.skipIf(!source || !existsSync(source))(
    `reproduces ${BSB_OUTPUT} from the source${source ? '' : ' (skipped: set BSB_SOURCE to BSB.txt, see library/data/README.md)'}`,
    () => {
      expect(`${JSON.stringify(convertBsb(readFileSync(source!, 'utf8')))}\n`).toBe(
        readFileSync(new URL(`../../library/data/${BSB_OUTPUT}`, import.meta.url), 'utf8'),
      );
    },
  );
});
