import {
  findMisattribution,
  findModernPhrase,
  findNamedPassage,
  findPhrase,
  quoteVerse,
  searchVerses,
  type PhraseHit,
  wordOrderShare,
} from '@lectio/library';
import { canonicalIndex } from '@lectio/contracts/books';
import { placeOf, quoteFirstVerse } from './quote';
import { type OfflineAnswer, SOURCES, TRANSLATION_NAMES } from './answer-kit';

/**
 * "Where does the Bible say ...?": famous misattributions named, else the phrase searched in both
 * testaments of the WEB and the KJV, then in the Berean Standard Bible's modern wording (a saying
 * remembered from the NIV or the ESV is often word for word there), else the verses nearest in meaning.
 */
export function whereDoes(out: OfflineAnswer, question: string, phrase: string, quoted: string | null = null): void {
  const known = findMisattribution(question);
  if (known) {
    const [book, chapter, verse] = known.verse;
    out.add(
      known.verdict === 'not'
        ? `'${known.saying}' is not in the Bible.`
        : `'${known.saying}' is not in the Bible in those words: it is a misquotation.`,
    );
    out.add(out.simple ? firstSentence(known.note) : known.note);
    out.add(quoteVerse(out.translation, book, chapter, verse), out.bible());
    return;
  }
  // 'Where is the golden rule?': a passage known by its name, which is rarely in its words.
  // Named outside the words quoted: "'Salvation comes from the LORD' - where is that prayer" is not the Lord's Prayer.
  // A saying of six words or more found word for word, or keeping most of a verse's word order, is that verse, whatever passage a phrase of it names ('the wages of
  // sin is death but the gift of god ...' is Romans 6:23, not the passage called the death of Jesus).
  const length = phrase.trim().split(/\s+/).length;
  const exact = length >= 6 ? findPhrase(phrase, out.simple ? 2 : 4) : [];
  const named =
    exact.length > 0 || (length >= 6 && wordOrderShare(phrase) >= 0.6)
      ? undefined
      : findNamedPassage(quoted ? question.replace(quoted, ' ') : question);
  if (named) {
    out.add(`${named.name}: ${named.places.join('; ')}.`);
    quoteFirstVerse(out, placeOf(named.places[0] ?? ''));
    return;
  }
  // Word for word only for a saying of four words or more: two or three common words ('love is patient') are in many verses.
  const hits = exact.length > 0 ? exact : length >= 4 ? findPhrase(phrase, out.simple ? 2 : 4) : [];
  if (hits.length > 0) {
    out.add(
      [
        `The words '${phrase}' are in ${hits.map((h) => h.reference).join(', ')}:`,
        ...hits.map((h) => `- ${labelled(out, h)}`),
      ].join('\n'),
      SOURCES.both,
    );
    return;
  }
  const modern = length >= 4 ? findModernPhrase(phrase, out.simple ? 1 : 3) : [];
  if (modern.length > 0) {
    // Named, not quoted: the answer quotes the reader's translation (a quotation is checked against our texts).
    out.add(
      `The words '${phrase}' are not in the World English Bible or the King James Version word for word: they are how a modern translation, the Berean Standard Bible, words ${modern.map((h) => h.reference).join(', ')}. In the ${TRANSLATION_NAMES[out.translation]}:`,
      SOURCES.both,
      SOURCES.bsb,
    );
    out.add(modern.map((h) => `- ${quoteVerse(out.translation, h.bookId, h.chapter, h.verse)}`).join('\n'));
    return;
  }
  // Not word for word: remembered, or in another translation's words. The verses nearest in meaning by BM25, above its bar.
  // The whole question is searched, not only the words taken for the saying: its frame words are stop words, and a remembered saying is often not where the frame says.
  // 'Where's the first time God says ...?': the earliest of the verses near it, in the Bible's order.
  const first = FIRST_TIME.test(question);
  // The frame's 'first' is not the saying's ('first fruits').
  const found = first
    ? searchVerses(question.replace(FIRST_TIME, ' '), 10, undefined, phrase.replace(FIRST_TIME, ' '))
    : searchVerses(question, out.simple ? 1 : 3, undefined, phrase);
  const near = first
    ? [...found]
        .sort(
          (a, b) => canonicalIndex(a.bookId) - canonicalIndex(b.bookId) || a.chapter - b.chapter || a.verse - b.verse,
        )
        .slice(0, out.simple ? 1 : 3)
    : found;
  if (length >= 4)
    out.add(`The words '${phrase}' are not in the World English Bible or the King James Version word for word.`);
  if (near.length > 0) {
    const [first, ...rest] = near;
    out.add(
      `The nearest is ${first!.reference}${rest.length ? ` (also ${rest.map((h) => h.reference).join(', ')})` : ''}:`,
      SOURCES.both,
    );
    out.add(near.map((h) => `- ${quoteVerse(out.translation, h.bookId, h.chapter, h.verse)}`).join('\n'));
  } else {
    out.add(
      `No verse of the World English Bible or the King James Version holds most of the words '${phrase}', so the saying is probably not in the Bible.`,
      SOURCES.both,
    );
  }
}

const FIRST_TIME = /\b(?:first (?:time|place|mention\w*|occurrence)|earliest)\b/i;

const firstSentence = (text: string) => /^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;

/** A verse found in one translation, named when it is not the reader's. */
const labelled = (out: OfflineAnswer, h: PhraseHit) =>
  `${h.translation !== out.translation ? `${TRANSLATION_NAMES[h.translation]}: ` : ''}${quoteVerse(h.translation, h.bookId, h.chapter, h.verse)}`;
