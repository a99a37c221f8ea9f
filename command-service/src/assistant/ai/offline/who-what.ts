import { greekWordsOf, topicNamed } from '@lectio/library';
import { type OfflineAnswer, SOURCES, unquote } from './answer-kit';

/** "Who was ...?", "What is ...?": Nave's topic of that name, and the Greek word when the verse has it. Returns false when the library has neither. */
export function whoOrWhat(
  out: OfflineAnswer,
  name: string,
  book: string,
  chapter: number,
  verse: number | null,
): boolean {
  const topic = topicNamed(name);
  const plain = name.toLowerCase().replace(/[^a-z]/g, '');
  const greek = verse
    ? greekWordsOf(book, chapter, verse).find(
        (w) =>
          w.transliteration
            .normalize('NFKD')
            .replace(/[^a-z]/gi, '')
            .toLowerCase() === plain || w.kjvWord.toLowerCase().replace(/[^a-z]/g, '') === plain,
      )
    : undefined;
  if (!topic && !greek) return false;
  if (topic) {
    const sections = topic.sections.slice(0, out.simple ? 2 : 6);
    out.add(
      [
        `${topic.name}, in Nave's Topical Bible:`,
        ...sections.map(
          (s) => `- ${unquote(s.heading) || topic.name}${s.references.length ? `: ${s.references.join('; ')}` : ''}`,
        ),
      ].join('\n'),
      SOURCES.naves,
    );
  }
  if (greek)
    out.add(
      `In this verse the Greek is ${greek.lemma} (${greek.transliteration}, Strong's ${greek.strongs}): ${unquote(greek.definition)}`,
      SOURCES.strongs,
    );
  return true;
}
