import { formatReference } from '@lectio/contracts/reference';
import { findReferences, getVerses, lastVerse, quoteVerse, type AskedPlace, type Translation } from '@lectio/library';
import { type OfflineAnswer, TRANSLATION_NAMES } from './answer-kit';

/** Up to this many verses quoted at once (a whole chapter is given by its first verses). */
const MOST = 12;

/**
 * A passage quoted word for word in the translation asked for (the reader's otherwise), one verse
 * or a range, in double quotation marks with its reference after it, as the citation checker reads
 * a quotation. Returns false when we do not hold it.
 */
export function quotePassage(out: OfflineAnswer, at: AskedPlace, translation: Translation): boolean {
  const first = at.verse ?? 1;
  const end =
    at.chapterEnd && at.chapterEnd > at.chapter
      ? lastVerse(at.book, at.chapter)
      : (at.verseEnd ?? (at.verse === null ? lastVerse(at.book, at.chapter) : first));
  const last = Math.min(end, first + MOST - 1);
  const verses = getVerses(translation, at.book, at.chapter).filter((v) => v.number >= first && v.number <= last);
  if (verses.length === 0) return false;
  const reference = formatReference({
    bookId: at.book,
    chapter: at.chapter,
    verse: first,
    verseEnd: last > first ? last : undefined,
  });
  // The verse's own quotation marks are dropped, so the quotation is one quotation.
  const text = verses.map((v) => v.text.replace(/["“”]/g, '').trim()).join(' ');
  out.add(`${reference} in the ${TRANSLATION_NAMES[translation]}:`);
  out.add(`"${text}" (${reference}).`, `${TRANSLATION_NAMES[translation]} (public domain)`);
  if (last < end) out.add(`That is the first ${verses.length} verses; ask for the next ones by reference.`);
  return true;
}

/** A reference as our written lists give it ('Ephesians 6:10-18', 'Psalm 14'): the place, or null when it names no book. */
export function placeOf(reference: string): AskedPlace | null {
  const [r] = findReferences(reference);
  return r?.book
    ? { book: r.book.id, chapter: r.chapter, verse: r.verse, verseEnd: r.verseEnd, chapterEnd: r.chapterEnd }
    : null;
}

/** The first verse of a place, quoted in the reader's translation (nothing when we do not hold it). */
export function quoteFirstVerse(out: OfflineAnswer, place: AskedPlace | null): void {
  const quoted = place ? quoteVerse(out.translation, place.book, place.chapter, place.verse ?? 1) : null;
  if (quoted) out.add(quoted, out.bible());
}
