import { formatReference } from '@lectio/contracts/reference';
import {
  findPastoralAnswer,
  findQuestion,
  indexTerms,
  pastoralByWords,
  searchProse,
  traditionNotes,
  type SuggestedQuestionEntry,
} from '@lectio/library';
import { type OfflineAnswer, SOURCES } from './answer-kit';
import { henryOn } from './henry';

const TRADITION_TERMS = new Set(
  indexTerms(
    'Catholic Catholics Protestant Protestants Orthodox Reformed Lutheran Lutherans Baptist Baptists Methodist Methodists Anglican Anglicans Pentecostal Pentecostals Calvinist Calvinists Arminian Arminians evangelical evangelicals Christian Christians church churches denomination denominations tradition traditions read reading interpret interpretation differ differently different view views believe teach think',
  ),
);

// Words that point at the passage open, not at a subject.
const PASSAGE_TERMS = new Set(indexTerms('this that here verse verses passage chapter text how why what mean means'));

const withNotes = (e: SuggestedQuestionEntry | undefined) =>
  e?.parts.traditions ? [{ questionId: e.id, question: e.question, traditions: e.parts.traditions }] : [];

/** How the traditions read a passage: the bank's written notes, then Henry as one voice among them; false when no note says. */
export function traditions(
  out: OfflineAnswer,
  question: string,
  book: string,
  chapter: number,
  verse: number | null,
): boolean {
  const passage = formatReference({ bookId: book, chapter, verse: verse ?? undefined });
  // The passage's own notes when the question is about it; else the note of the written answer nearest the reader's question
  // (the bank's, a pastoral one, one to a common question), whatever the commentaries say.
  const own = traditionNotes(question, book, chapter, out.simple ? 1 : 2);
  // Names of traditions and words of comparing say which readings, not which subject ('How do Catholics read this?' is about the passage).
  const subjectTerms = indexTerms(question).filter((t) => !TRADITION_TERMS.has(t) && !PASSAGE_TERMS.has(t));
  const anywhere = (subjectTerms.length > 0 ? searchProse(question, 6, 0.5, undefined, 'written') : [])
    .map((h) => (h.questionId ? (findQuestion(h.questionId) ?? findPastoralAnswer(h.questionId)) : undefined))
    .flatMap(withNotes);
  const found = [...anywhere.slice(0, 1), ...own.filter((n) => n.questionId !== anywhere[0]?.questionId)];
  // Failing both, the written answer whose own question or phrasings the reader's words fit ('Is it ok to pray to
  // Mary?' shares too few words with the whole text of the answer on it for the search).
  const notes = (
    found.length > 0 || subjectTerms.length === 0
      ? found
      : withNotes(pastoralByWords(question, { book, chapter, verse }))
  ).slice(0, out.simple ? 1 : 2);
  if (notes.length > 0) {
    out.add(
      out.simple
        ? `Christians read this in different ways. Our notes say:`
        : `Christians read this differently. From Lectio's written notes (on the question '${notes[0]!.question}'):`,
      SOURCES.bank,
    );
    // Whole, never cut short: a note cut short would give one tradition's reading as if it were the only one.
    // The simple style gets the bank's plain version, which names every reading too.
    const said = (n: (typeof notes)[number]) =>
      (out.simple
        ? (findQuestion(n.questionId) ?? findPastoralAnswer(n.questionId))?.parts.traditionsShort
        : undefined) ?? n.traditions;
    out.addOurs(said(notes[0]!));
    if (notes[1]) out.addOurs(`And on '${notes[1].question}': ${said(notes[1])}`);
  } else {
    out.add(
      `Lectio's written notes do not yet say how Catholic, Orthodox and Protestant Christians read ${passage}. The traditions often read a passage differently; a pastor or priest of your own church can tell you how yours reads it.`,
    );
  }
  henryOn(out, book, chapter, verse ?? 1, 'Matthew Henry (1706), one Nonconformist Protestant voice among many,');
  return notes.length > 0;
}
