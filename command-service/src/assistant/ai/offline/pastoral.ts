import { formatReference } from '@lectio/contracts/reference';
import type { Preferences } from '@lectio/contracts/assistant';
import {
  composeQuestionAnswer,
  findPastoralAnswer,
  findQuestion,
  pastoralAnswersFor,
  searchProse,
  type SuggestedQuestionEntry,
} from '@lectio/library';
import type { OfflineAnswer } from './answer-kit';

/** The written answer (pastoral, or the bank's) BM25 ranks first for the reader's words, else the pastoral answer for the passage. */
export function pastoralFor(
  question: string,
  book: string,
  chapter: number,
  verse: number | null,
): SuggestedQuestionEntry | null {
  const written = searchProse(question, 8).find((h) => h.kind === 'written' && h.questionId);
  const entry = written?.questionId
    ? (findPastoralAnswer(written.questionId) ?? findQuestion(written.questionId))
    : undefined;
  if (entry) return entry;
  return pastoralAnswersFor(formatReference({ bookId: book, chapter, verse: verse ?? undefined }))[0] ?? null;
}

/** A reader's own struggle: our written pastoral answer, composed for their journey and style. */
export function pastoralAnswer(
  out: OfflineAnswer,
  answer: SuggestedQuestionEntry,
  preferences: Preferences,
  book: string,
  chapter: number,
): void {
  out.add(
    composeQuestionAnswer(answer, preferences.faithJourney, preferences.communicationStyle, {
      book,
      chapter,
      translation: out.translation,
    }),
    "Lectio's written pastoral answers",
  );
}
