import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedWords, englishWords } from './normalise';

describe('SortedWords', () => {
  it('answers has() exactly as a Set of the same words does', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'z', 'é', '’'), maxLength: 6 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), fc.array(word, { maxLength: 30 }), (words, queries) => {
        const set = new Set(words.filter(Boolean));
        const sorted = new SortedWords(words);
        expect(sorted.size).toBe(set.size);
        for (const q of [...queries, ...words]) expect(sorted.has(q), q).toBe(set.has(q));
      }),
      { numRuns: 500 },
    );
  });

  it('the English words: the word list and the Bibles, and not a misspelling', () => {
    const english = englishWords();
    for (const w of ['shepherd', 'kin', 'dye', 'zebra', 'aardvark', 'melchizedek', 'thessalonians'])
      expect(english.has(w), w).toBe(true);
    for (const w of ['kil', 'suicdie', 'shepard', '']) expect(english.has(w), w).toBe(false);
  });
});
