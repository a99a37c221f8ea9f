import type { Preferences } from '@lectio/contracts/assistant';
import {
  composeQuestionAnswer,
  findPastoralAnswer,
  findQuestion,
  indexTerms,
  type PastoralAnswer,
  type ProseHit,
  searchProse,
  sentencesOf,
  withoutOutline,
} from '@lectio/library';
import { type OfflineAnswer, SOURCES, unquote } from './answer-kit';

const SOURCE_LABEL: Record<ProseHit['kind'], string> = {
  henry: SOURCES.henry,
  scofield: 'the Scofield Reference Notes (1917, public domain)',
  dictionary: "Easton's Bible Dictionary (1897, public domain)",
  introduction: "Lectio's introductions to the New Testament",
  written: SOURCES.written,
  note: SOURCES.notes,
};

/** A sentence that is mostly chapter-and-verse numbers (Scofield's lists of references): no answer to read. */
function referenceList(sentence: string): boolean {
  const reference = /(?:\b[1-3]\s)?\b[A-Z][a-z]+\.?\s\d+(?::\d+(?:[-,]\d+)*)?|\b\d+:\d+(?:[-,]\d+)*/g;
  const references = sentence.match(reference)?.length ?? 0;
  const words = sentence.replace(reference, ' ').match(/[A-Za-z]{2,}/g)?.length ?? 0;
  return references >= 3 && words < references * 6;
}

/** The sentences of a text that hold most of the question's terms, in the text's order. */
function bestSentences(text: string, terms: Set<string>, count: number): string[] {
  const sentences = sentencesOf(text.replace(/\s+/g, ' '));
  const scored = sentences.map((s, i) => ({ s, i, n: new Set(indexTerms(s).filter((t) => terms.has(t))).size }));
  return scored
    .filter((x) => x.n > 0 && x.s.length < 420 && !referenceList(x.s))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, count)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s.trim());
}

/** Terms too common in readers' questions to tell one written answer from another. */
const COMMON = new Set(
  indexTerms('Jesus Christ God Lord Paul people mean happen happened other really actually make made'),
);

/**
 * Whether our written answer's question is about something else: it shares none of the reader's
 * distinctive terms, or one and brings two or more of its own ('Why did Jesus have to die for our
 * sins?' is not answered by 'Have I committed the unforgivable sin?', which shares only 'sin').
 * A pastoral answer or a common question's title holds its other phrasings, one a line: it asks
 * the reader's question when one of them does ('Why did Jesus have to die?').
 */
function asksOtherThing(title: string, terms: Set<string>): boolean {
  return title.split('\n').every((phrasing) => {
    const titled = new Set(indexTerms(phrasing).filter((t) => !COMMON.has(t)));
    const shared = [...terms].filter((t) => !COMMON.has(t) && titled.has(t)).length;
    return shared === 0 || (shared === 1 && titled.size - shared >= 2);
  });
}

/**
 * Our pastoral answer or answer to a common question that a question asks (not one that only
 * shares a word with it): the one the previous question had, for a follow-up to re-answer.
 */
export function writtenAnswerAsked(question: string): PastoralAnswer | undefined {
  const terms = new Set(indexTerms(question));
  const hit = searchProse(question, 1, 0.5, undefined, 'written')[0];
  if (!hit?.questionId || asksOtherThing(hit.title, terms)) return undefined;
  return findPastoralAnswer(hit.questionId);
}

/**
 * A why or how question: what the library's prose says on it, found by BM25 above its bar, the
 * best sentences first (Henry's words labelled as his, on the passage they are on). False when
 * nothing clears the bar.
 */
export function explainFromLibrary(
  out: OfflineAnswer,
  question: string,
  preferences: Preferences,
  reading?: { book: string; chapter: number; verse?: number | null; subject?: string },
): boolean {
  // What is on the chapter the reader has open comes before the rest: Henry on John 2 before a note elsewhere that names 'John' in its references.
  const onChapter = (h: ProseHit) =>
    reading !== undefined && h.bookId === reading.book && h.chapter === reading.chapter;
  // Our written answer, when one clears the bar, answers directly: it leads; then what is on the open chapter; then the rest.
  // Commentary on the open chapter is kept only where it is on the reader's verse: Henry's section on Mark 10:1-12
  // (divorce, 'hardness of heart') says nothing to 'Why is it so hard for a rich man ...?' asked at 10:25.
  const onAnotherVerse = (h: ProseHit) =>
    reading?.verse != null &&
    h.verse !== null &&
    h.verseEnd !== undefined &&
    (reading.verse < h.verse || reading.verse > h.verseEnd);
  const near = reading ? searchProse(question, 2, 0.5, reading).filter((h) => !onAnotherVerse(h)) : [];
  // Our written answers are searched on their own too: a long commentary section that repeats 'die' must not crowd out
  // our answer to 'Why did Jesus have to die?'.
  const written = searchProse(question, 2, 0.5, undefined, 'written').filter(
    (w) => !near.some((h) => h.questionId === w.questionId),
  );
  // A person asked about must be in what is said of them from elsewhere: Henry on Micah 6 ('what we hold closest we
  // lose soonest') is no answer to 'Why did Zechariah lose his voice?'.
  const person = reading?.subject?.toLowerCase().slice(0, 5);
  const elsewhere = searchProse(question, 3).filter(
    (h) => !onChapter(h) && h.kind !== 'written' && (!person || h.text.toLowerCase().includes(person)),
  );
  const found = [...near, ...written, ...elsewhere];
  const terms = new Set(indexTerms(question));
  // A written answer that asks the reader's question leads one on the open chapter that only happens to be there.
  const writtenHits = found.filter((h) => h.kind === 'written');
  // Our note on a verse that holds more of the question than any written answer leads it: 'why did god send an evil
  // spirit on saul' is 1 Samuel 16:14's, not the answer on the Spirit sent at Pentecost.
  // A written answer asking the reader's own question still leads ('How come Jonah ran away ...?').
  const asksIt = writtenHits.some((h) => !asksOtherThing(h.title, terms));
  const closest = Math.max(0, ...writtenHits.map((h) => h.coverage));
  const notes = asksIt ? [] : found.filter((h) => h.kind === 'note' && h.coverage > closest);
  const hits = [
    ...notes,
    ...writtenHits.filter((h) => !asksOtherThing(h.title, terms)),
    ...writtenHits.filter((h) => asksOtherThing(h.title, terms)),
    ...found.filter((h) => h.kind !== 'written' && !notes.includes(h)),
  ];
  if (hits.length === 0) return false;
  let said = 0;
  for (const hit of hits) {
    if (said >= (out.simple ? 1 : 2)) break;
    if (hit.kind === 'written') {
      // Our written answer to the question nearest the reader's, composed for them: it answers directly and cites its verses.
      // One on the chapter the reader has open is about what they read, whatever its words.
      if (said > 0 || (!onChapter(hit) && asksOtherThing(hit.title, terms))) continue;
      const entry = hit.questionId ? (findQuestion(hit.questionId) ?? findPastoralAnswer(hit.questionId)) : undefined;
      if (!entry) continue;
      out.add(`From Lectio's written answer to '${entry.question}':`);
      out.add(
        composeQuestionAnswer(entry, preferences.faithJourney, out.style, { translation: out.translation }),
        SOURCE_LABEL.written,
      );
      said++;
      continue;
    }
    // Henry's chapter outline ('(6-13) Judas bargains ...') is never shown as his words on a verse.
    const text = hit.kind === 'henry' ? withoutOutline(hit.text) : hit.text;
    const sentences = bestSentences(text, terms, out.simple ? 2 : 3).filter(
      (x) => !/\(\d+(?:\s*[-–]\s*\d+)?\)/.test(x),
    );
    if (sentences.length === 0) continue;
    const who =
      hit.kind === 'henry'
        ? `Matthew Henry on ${hit.title}`
        : hit.kind === 'scofield'
          ? `Scofield's note on ${hit.title}`
          : hit.kind === 'dictionary'
            ? `Easton's Bible Dictionary, '${hit.title}'`
            : hit.kind === 'note'
              ? `Lectio's note on ${hit.title}`
              : `Lectio's introduction`;
    // Our notes quote the WEB word for word (checked by their tests): their quotation marks stay.
    const words = sentences.join(' ');
    out.add(`${who}: ${hit.kind === 'note' ? words : unquote(words)}`, SOURCE_LABEL[hit.kind]);
    said++;
  }
  return said > 0;
}
