import { formatReference } from '@lectio/contracts/reference';
import { greekWordsOf, quoteVerse, topicsFor } from '@lectio/library';
import { type OfflineAnswer, SOURCES, unquote } from './answer-kit';
import { henryOn } from './henry';

/** "What does this verse mean?": the verse, Henry's sentences about that verse, and for more depth its topics and Greek words. */
export function verseMeaning(out: OfflineAnswer, book: string, chapter: number, verse: number, deep: boolean): void {
  out.add(quoteVerse(out.translation, book, chapter, verse), out.bible());
  henryOn(out, book, chapter, verse, "Matthew Henry's Concise Commentary");
  if (out.simple) return;
  const topics = topicsFor(book, chapter, verse).slice(0, 3);
  if (topics.length > 0)
    out.add(
      [
        `Topics ${formatReference({ bookId: book, chapter, verse })} belongs to:`,
        ...topics.map((t) => `- ${unquote(t.topic)}${t.references.length ? `: ${t.references.slice(0, 3).join('; ')}` : ''}`),
      ].join('\n'),
      SOURCES.naves,
    );
  if (deep) {
    const words = greekWordsOf(book, chapter, verse)
      .filter((w) => w.kjvWord.replace(/[^A-Za-z]/g, '').length > 3)
      .slice(0, 3);
    if (words.length > 0)
      out.add(
        ['Greek words behind the English (KJV):', ...words.map((w) => `- '${w.kjvWord}': ${w.lemma} (${w.transliteration}, ${w.strongs})`)].join('\n'),
        SOURCES.strongs,
      );
  }
}
