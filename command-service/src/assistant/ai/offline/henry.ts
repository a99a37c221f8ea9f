import { formatReference } from '@lectio/contracts/reference';
import { henryOnVerse } from '@lectio/library';
import { firstSentences, LENGTH, type OfflineAnswer, SOURCES, unquote } from './answer-kit';

/** Henry's sentences about one verse (or, when he says nothing about it in particular, the start of his section), labelled as his. */
export function henryOn(out: OfflineAnswer, book: string, chapter: number, verse: number, label: string): boolean {
  // 1706's English ('whithersoever', 'mortifying of sin') is not plain words: the simple style leaves him out.
  if (out.simple) return false;
  const henry = henryOnVerse(book, chapter, verse);
  if (!henry) return false;
  const reference = formatReference({ bookId: book, chapter, verse });
  const own = henry.text.trim();
  const text = unquote(firstSentences(own || henry.section, LENGTH[out.style]));
  out.add(
    own
      ? `${label} on ${reference}: ${text}`
      : `${label} on ${henry.sectionReference} (he says nothing on ${reference} alone): ${text}`,
    SOURCES.henry,
  );
  return true;
}
