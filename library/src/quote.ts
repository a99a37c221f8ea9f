import { formatReference } from '@lectio/contracts/reference';
import { getVerseText, type Translation } from './bible';

/**
 * A verse quoted from our text, in double quotation marks with its reference after it, as the
 * citation checker reads a quotation: '"Jesus wept" (John 11:35).' Its own inner quotation marks are
 * dropped; `clause`, when given, keeps the verse's opening up to it. Null when we do not hold the verse.
 */
export function quoteVerse(
  translation: Translation,
  bookId: string,
  chapter: number,
  verse: number,
  clause?: RegExp,
): string | null {
  const text = getVerseText(translation, bookId, chapter, verse);
  if (!text) return null;
  const plain = text.replace(/[“”"‘’]/g, (q) => (q === '’' ? "'" : '')).trim();
  const words = clause ? (clause.exec(plain)?.[0] ?? plain) : plain;
  // One psalm is 'Psalm 34:18'.
  const reference = formatReference({ bookId, chapter, verse }).replace(/^Psalms /, 'Psalm ');
  return `"${words.replace(/[.,;:]$/, '')}" (${reference}).`;
}
