import { findMisattribution, findPhrase, quoteVerse, versesNear, type PhraseHit } from '@lectio/library';
import { type OfflineAnswer, SOURCES, TRANSLATION_NAMES } from './answer-kit';

/** "Where does the Bible say ...?": famous misattributions named, else the phrase searched in both testaments of the WEB and the KJV. */
export function whereDoes(out: OfflineAnswer, question: string, phrase: string): void {
  const known = findMisattribution(question);
  if (known) {
    const [book, chapter, verse] = known.verse;
    out.add(known.verdict === 'not' ? `'${known.saying}' is not in the Bible.` : `'${known.saying}' is not what the Bible says: it is a misquotation.`);
    out.add(out.simple ? firstSentence(known.note) : known.note);
    out.add(quoteVerse(out.translation, book, chapter, verse), out.bible());
    return;
  }
  const hits = findPhrase(phrase, out.simple ? 2 : 4);
  if (hits.length > 0) {
    out.add([`The words '${phrase}' are in ${hits.map((h) => h.reference).join(', ')}:`, ...hits.map((h) => `- ${labelled(out, h)}`)].join('\n'), SOURCES.both);
    return;
  }
  const near = versesNear(phrase, out.simple ? 2 : 3);
  out.add(`The words '${phrase}' are not in the World English Bible or the King James Version, in either testament, word for word.`, SOURCES.both);
  if (near.length > 0) {
    out.add(['The verses closest to them:', ...near.map((h) => `- ${labelled(out, h)}`)].join('\n'));
  } else {
    out.add('No verse holds most of its words either, so the saying probably does not come from the Bible.');
  }
}

const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/** A verse found in one translation, named when it is not the reader's. */
const labelled = (out: OfflineAnswer, h: PhraseHit) =>
  `${h.translation !== out.translation ? `${TRANSLATION_NAMES[h.translation]}: ` : ''}${quoteVerse(h.translation, h.bookId, h.chapter, h.verse)}`;
