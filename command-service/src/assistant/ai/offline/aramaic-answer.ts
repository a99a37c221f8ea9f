import { findAramaicWord } from '@lectio/library';
import { placeOf, quoteFirstVerse } from './quote';
import type { OfflineAnswer } from './answer-kit';

const SOURCE = "Lectio's notes on the New Testament's Aramaic";

/**
 * 'What language is talitha koum?', 'what does abba mean': the Aramaic word named, what it means, where it
 * is, and the verse. False when the question names none.
 */
export function aramaicAnswer(out: OfflineAnswer, question: string, at: { book: string; chapter: number }): boolean {
  const found = findAramaicWord(question);
  if (!found) return false;
  out.add(
    `'${found.word}' is Aramaic, the everyday language of Jesus and most Jews of Galilee and Judea in the first century (Hebrew was the language of Scripture and worship, Greek of trade and the wider empire). It means ${found.meaning.startsWith("'") ? found.meaning : `'${found.meaning}'`} (${found.places.join('; ')}).`,
    SOURCE,
  );
  if (!out.simple) out.add(found.note);
  // The place the reader has open, if it is one of them ('Abba' at Romans 8:15), else the best known.
  const places = found.places.map(placeOf);
  quoteFirstVerse(out, places.find((p) => p?.book === at.book && p.chapter === at.chapter) ?? places[0] ?? null);
  return true;
}
