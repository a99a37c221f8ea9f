import { formatReference } from '@lectio/contracts/reference';
import {
  getVerses,
  greekUses,
  greekWordFor,
  greekWordsOf,
  indexTerms,
  quoteVerse,
  type GreekWord,
} from '@lectio/library';
import { type OfflineAnswer, SOURCES, spelled, unquote } from './answer-kit';

/** 'from G25; love, i.e. affection...:--(feast of) charity' -> its meaning, without the derivation and the KJV's renderings. */
const meaningOf = (w: GreekWord) =>
  unquote(
    (w.definition.split(':--')[0] ?? w.definition)
      .replace(/^(?:from|a primary|apparently|probably|of uncertain|perhaps)[^;]*;\s*/i, '')
      .trim()
      .replace(/[;,:]?$/, '.'),
  );
/** The KJV's English for a Greek word, once ('Charity, charity' is the verse's two uses). */
const kjvOf = (w: GreekWord) => w.kjvWord.split(',')[0]!.trim();

/**
 * The Strong's word tagged in the verse for the English asked: the words themselves, else each of
 * them, longest first, else their stems ('inspired by God' reaches the KJV's 'inspiration of God').
 */
export function greekWordForAny(asked: string, book: string, chapter: number, verse: number): GreekWord | null {
  const words = asked.split(/[\s-]+/).sort((a, b) => b.length - a.length);
  for (const candidate of [asked, ...words, ...words.flatMap((w) => indexTerms(w))]) {
    const found = greekWordFor(candidate, book, chapter, verse);
    if (found) return found;
  }
  return null;
}

/** Word study: the English word -> the Strong's number tagged in this verse -> lemma, transliteration, definition, New Testament uses. */
export function wordStudy(
  out: OfflineAnswer,
  word: string | null,
  book: string,
  chapter: number,
  verse: number | null,
): void {
  // With no verse highlighted, the first verse of the chapter that has the word.
  const at =
    verse ??
    (word
      ? getVerses('kjv', book, chapter).find((v) => greekWordFor(word, book, chapter, v.number))?.number
      : undefined) ??
    1;
  const reference = formatReference({ bookId: book, chapter, verse: at });
  const found = word ? greekWordForAny(word, book, chapter, at) : null;
  out.add(quoteVerse(out.translation, book, chapter, at), out.bible());
  if (found) {
    const uses = greekUses(found.strongs, out.simple ? 3 : 6);
    out.add(
      `In ${reference}, '${word}' (the KJV has '${kjvOf(found)}') translates the Greek ${found.lemma} (${spelled(found.transliteration)}, Strong's ${found.strongs}). It means: ${meaningOf(found)}`,
      SOURCES.strongs,
    );
    out.add(
      `The New Testament uses ${found.transliteration} in ${uses.count} verses, among them ${uses.references.join(', ')}.`,
    );
    if (!out.simple) out.add("Strong's numbers follow the KJV's words; the WEB translates the same Greek text.");
    return;
  }
  const words = greekWordsOf(book, chapter, at).filter((w) => w.kjvWord.replace(/[^A-Za-z]/g, '').length > 3);
  if (words.length === 0) {
    out.add(`The library has no Strong's tags for ${reference}.`);
    return;
  }
  const intro = word
    ? `In ${reference} the KJV's tagged words have no '${word}'. The main Greek words of the verse:`
    : `The main Greek words of ${reference}:`;
  out.add(
    [
      intro,
      ...words
        .slice(0, out.simple ? 2 : 5)
        .map((w) => `- '${kjvOf(w)}': ${w.lemma} (${spelled(w.transliteration)}, ${w.strongs}), ${meaningOf(w)}`),
    ].join('\n'),
    SOURCES.strongs,
  );
}
