import { formatReference } from '@lectio/contracts/reference';
import { chapterOutline, keyVerses, quoteVerse } from '@lectio/library';
import { type OfflineAnswer, SOURCES } from './answer-kit';

/** A chapter summarised: Henry's outline of it, with its verses, and its key verses quoted. */
export function summary(out: OfflineAnswer, book: string, chapter: number): void {
  const name = formatReference({ bookId: book, chapter });
  const outline = chapterOutline(book, chapter);
  if (outline.length > 0) {
    out.add(
      [
        `${name} at a glance, in Matthew Henry's outline:`,
        ...outline.map(
          (o) =>
            `- ${o.heading} (${formatReference({ bookId: book, chapter, verse: o.verse, verseEnd: o.verseEnd > o.verse ? o.verseEnd : undefined })})`,
        ),
      ].join('\n'),
      SOURCES.henry,
    );
  }
  const key = keyVerses(book, chapter, undefined, undefined, out.simple ? 1 : 3).sort((a, b) => a - b);
  const quoted = key.map((v) => quoteVerse(out.translation, book, chapter, v)).filter(Boolean);
  if (quoted.length > 0) {
    out.add(
      [
        `Key ${quoted.length > 1 ? 'verses' : 'verse'} (the ones Nave's Topical Bible cites most):`,
        ...quoted.map((q) => `- ${q}`),
      ].join('\n'),
      out.bible(),
      SOURCES.naves,
    );
  }
  if (outline.length === 0 && quoted.length === 0) out.add(`The library has no outline of ${name} yet.`);
}
