import { describe, it, expect } from 'vitest';
import { REFERENCE_CASES, type Expected } from './cases';
import { findReferences } from './scan';

describe('findReferences on the checker cases', () => {
  it.each(REFERENCE_CASES)('$name', ({ text, expected }) => {
    const found: Expected[] = findReferences(text).map((r) => [
      r.book?.id ?? null,
      r.chapter,
      r.verse,
      r.chapterEnd,
      r.verseEnd,
    ]);
    expect(found).toEqual(expected);
  });
});
