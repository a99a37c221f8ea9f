/**
 * Verses numbered differently in other Bibles than in Lectio's WEB and KJV. A reference written in
 * another numbering ('3 John 15', as most modern Bibles number it; 'Malachi 3:20', as Hebrew and
 * many Catholic Bibles do) is found where the same words stand in our text. Only numbers that do
 * not exist in our numbering are moved, so an ordinary reference is never reinterpreted.
 */
import type { Translation } from '@lectio/contracts/bible-api';

interface Renumbering {
  book: string;
  chapter: number;
  from: number;
  to: number;
  /** Where `from` stands in our text; the rest follow verse by verse. */
  at: { chapter: number; verse: number };
  /** Whose numbering this is, for the reader. */
  numbering: string;
  /** Only in these translations (the WEB prints Romans' doxology at 14:24-26, the KJV at 16:25-27). */
  only?: Translation;
}

const MODERN = 'most modern Bibles';
const HEBREW = 'Hebrew and many Catholic Bibles';

const RENUMBERINGS: Renumbering[] = [
  { book: 'john3', chapter: 1, from: 15, to: 15, at: { chapter: 1, verse: 14 }, numbering: MODERN },
  { book: 'revelation', chapter: 12, from: 18, to: 18, at: { chapter: 13, verse: 1 }, numbering: MODERN },
  {
    book: 'romans',
    chapter: 16,
    from: 25,
    to: 27,
    at: { chapter: 14, verse: 24 },
    numbering: 'the KJV and most modern Bibles',
    only: 'web',
  },
  {
    book: 'romans',
    chapter: 14,
    from: 24,
    to: 26,
    at: { chapter: 16, verse: 25 },
    numbering: 'the WEB and the Majority Text',
    only: 'kjv',
  },
  { book: 'malachi', chapter: 3, from: 19, to: 24, at: { chapter: 4, verse: 1 }, numbering: HEBREW },
  { book: 'joel', chapter: 4, from: 1, to: 21, at: { chapter: 3, verse: 1 }, numbering: HEBREW },
  { book: 'exodus', chapter: 21, from: 37, to: 37, at: { chapter: 22, verse: 1 }, numbering: HEBREW },
  { book: 'leviticus', chapter: 5, from: 20, to: 26, at: { chapter: 6, verse: 1 }, numbering: HEBREW },
  { book: 'numbers', chapter: 30, from: 17, to: 17, at: { chapter: 30, verse: 16 }, numbering: HEBREW },
  { book: 'deuteronomy', chapter: 23, from: 26, to: 26, at: { chapter: 23, verse: 25 }, numbering: HEBREW },
  { book: 'samuel1', chapter: 24, from: 23, to: 23, at: { chapter: 24, verse: 22 }, numbering: HEBREW },
  { book: 'job', chapter: 40, from: 25, to: 32, at: { chapter: 41, verse: 1 }, numbering: HEBREW },
  { book: 'ecclesiastes', chapter: 4, from: 17, to: 17, at: { chapter: 5, verse: 1 }, numbering: HEBREW },
  { book: 'songofsolomon', chapter: 7, from: 14, to: 14, at: { chapter: 7, verse: 13 }, numbering: HEBREW },
  { book: 'isaiah', chapter: 8, from: 23, to: 23, at: { chapter: 9, verse: 1 }, numbering: HEBREW },
  { book: 'jeremiah', chapter: 8, from: 23, to: 23, at: { chapter: 9, verse: 1 }, numbering: HEBREW },
  { book: 'ezekiel', chapter: 21, from: 33, to: 37, at: { chapter: 21, verse: 28 }, numbering: HEBREW },
  { book: 'daniel', chapter: 3, from: 31, to: 33, at: { chapter: 4, verse: 1 }, numbering: 'Hebrew Bibles' },
  { book: 'daniel', chapter: 3, from: 91, to: 97, at: { chapter: 3, verse: 24 }, numbering: 'Catholic Bibles' },
  { book: 'daniel', chapter: 3, from: 98, to: 100, at: { chapter: 4, verse: 1 }, numbering: 'Catholic Bibles' },
  { book: 'daniel', chapter: 6, from: 29, to: 29, at: { chapter: 6, verse: 28 }, numbering: HEBREW },
  { book: 'hosea', chapter: 2, from: 24, to: 25, at: { chapter: 2, verse: 22 }, numbering: HEBREW },
  { book: 'hosea', chapter: 12, from: 15, to: 15, at: { chapter: 12, verse: 14 }, numbering: HEBREW },
  { book: 'hosea', chapter: 14, from: 10, to: 10, at: { chapter: 14, verse: 9 }, numbering: HEBREW },
  { book: 'jonah', chapter: 2, from: 11, to: 11, at: { chapter: 2, verse: 10 }, numbering: HEBREW },
  { book: 'micah', chapter: 4, from: 14, to: 14, at: { chapter: 5, verse: 1 }, numbering: HEBREW },
  { book: 'nahum', chapter: 2, from: 14, to: 14, at: { chapter: 2, verse: 13 }, numbering: HEBREW },
  { book: 'zechariah', chapter: 2, from: 14, to: 17, at: { chapter: 2, verse: 10 }, numbering: HEBREW },
];

export interface Renumbered {
  chapter: number;
  verse: number;
  verseEnd: number | null;
  /** 'most modern Bibles': whose numbering the reference was written in. */
  numbering: string;
}

/**
 * Where a verse (or a range within one renumbered block) written in another numbering stands in
 * `translation`, or null when the reference needs no renumbering there. `exists` says whether a
 * verse exists in that translation as numbered.
 */
export function renumber(
  bookId: string,
  chapter: number,
  verse: number,
  verseEnd: number | null,
  translation: Translation,
  exists: (chapter: number, verse: number) => boolean,
): Renumbered | null {
  if (exists(chapter, verse) && (verseEnd === null || exists(chapter, verseEnd))) return null;
  const r = RENUMBERINGS.find(
    (x) =>
      x.book === bookId &&
      x.chapter === chapter &&
      verse >= x.from &&
      verse <= x.to &&
      (!x.only || x.only === translation),
  );
  if (!r || (verseEnd !== null && verseEnd > r.to)) return null;
  const shift = r.at.verse - r.from;
  const target = {
    chapter: r.at.chapter,
    verse: verse + shift,
    verseEnd: verseEnd === null ? null : verseEnd + shift,
    numbering: r.numbering,
  };
  return exists(target.chapter, target.verse) ? target : null;
}
