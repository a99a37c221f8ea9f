import { describe, expect, it } from 'vitest';
import { TRANSLATIONS } from '@lectio/contracts/bible-api';
import {
  DEFAULT_POSITION,
  TRANSLATION_CHOICES,
  correctedReaderHref,
  parsePositiveInt,
  parseReaderSearch,
  readerHref,
  readerSearch,
} from './readerUrl';

describe('reader URL', () => {
  it('defaults to Matthew 1 (WEB)', () => {
    expect(parseReaderSearch('')).toEqual(DEFAULT_POSITION);
    expect(parseReaderSearch('?book=nonsense&chapter=4')).toEqual(DEFAULT_POSITION);
  });

  it('reads book, chapter, verse and translation', () => {
    expect(parseReaderSearch('?book=john&chapter=3&verse=16&translation=kjv')).toEqual({
      book: 'john',
      chapter: 3,
      verse: 16,
      translation: 'kjv',
    });
    expect(parseReaderSearch('?book=JOHN1&chapter=2')).toEqual({
      book: 'john1',
      chapter: 2,
      verse: null,
      translation: 'web',
    });
  });

  it('clamps the chapter and drops invalid numbers', () => {
    expect(parseReaderSearch('?book=jude&chapter=9&verse=3')).toMatchObject({ book: 'jude', chapter: 1, verse: null });
    expect(parseReaderSearch('?book=mark&chapter=x&verse=0')).toMatchObject({ book: 'mark', chapter: 1, verse: null });
    expect(parseReaderSearch('?book=mark&chapter=2&verse=5a')).toMatchObject({ chapter: 2, verse: null });
    expect(parseReaderSearch('?book=mark&translation=esv').translation).toBe('web');
  });

  it('round-trips', () => {
    const pos = { book: 'romans', chapter: 8, verse: 28, translation: 'kjv' as const };
    expect(parseReaderSearch(readerSearch(pos))).toEqual(pos);
    expect(readerHref({ book: 'acts', chapter: 2, verse: null, translation: 'web' })).toBe('/home?book=acts&chapter=2');
  });

  it('parses base-10 integers only', () => {
    expect(parsePositiveInt('16')).toBe(16);
    expect(parsePositiveInt(' 16 ')).toBe(16);
    expect(parsePositiveInt('1e3')).toBeNull();
    expect(parsePositiveInt('0x10')).toBeNull();
    expect(parsePositiveInt(2.5)).toBeNull();
    expect(parsePositiveInt(null)).toBeNull();
  });
});

describe('a corrected position replaces the address', () => {
  it('Jude 9 is Jude 1, and the address says so', () => {
    expect(correctedReaderHref('?book=jude&chapter=9')).toBe('/home?book=jude&chapter=1');
    expect(correctedReaderHref('?book=jude&chapter=9&verse=3&translation=kjv')).toBe(
      '/home?book=jude&chapter=1&translation=kjv',
    );
    expect(correctedReaderHref('?book=nowhere&chapter=2')).toBe('/home?book=matthew&chapter=1');
  });

  it('leaves a position that needed no correction alone', () => {
    expect(correctedReaderHref('?book=john&chapter=3&verse=16')).toBeNull();
    expect(correctedReaderHref('?book=john&chapter=3&translation=kjv')).toBeNull();
    expect(correctedReaderHref('')).toBeNull();
  });
});

describe('the translation menu', () => {
  it("offers every translation of the contract, in the contract's order", () => {
    expect(TRANSLATION_CHOICES.map((c) => c.id)).toEqual([...TRANSLATIONS]);
  });
});
