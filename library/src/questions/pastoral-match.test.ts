import { describe, expect, it } from 'vitest';
import { pastoralByWords } from './pastoral-match';

const at = (book: string, chapter: number, verse: number | null = null) => ({ book, chapter, verse });

describe('pastoralByWords', () => {
  it('finds the written answer a struggle is about, in everyday words', () => {
    expect(pastoralByWords("I've been really anxious about my job lately", at('philippians', 4, 6))?.id).toBe(
      'pastoral-general-anxiety',
    );
    expect(
      pastoralByWords('I keep falling into the same sin over and over. How do I forgive myself?', at('john1', 1, 9))
        ?.id,
    ).toBe('pastoral-general-guilt-and-shame');
    expect(pastoralByWords('Is it wrong to doubt whether God is real?', at('mark', 9, 24))?.id).toBe(
      'pastoral-general-doubt',
    );
  });

  it('gives none where only a word in passing is shared (the passage answers instead)', () => {
    // 'sister' is in the answer on Jesus' brothers and sisters; 'three' in Peter's three denials; 'choose' in the twelve.
    expect(
      pastoralByWords('How do I stop being jealous of my sister? she has everything I want', at('james', 3, 16)),
    ).toBe(undefined);
    expect(pastoralByWords("I serve in three ministries at church and I'm exhausted", at('mark', 6, 31))).toBe(
      undefined,
    );
    expect(pastoralByWords("How do I know God's will about which university to choose?", at('proverbs', 3, 6))).toBe(
      undefined,
    );
  });
});
