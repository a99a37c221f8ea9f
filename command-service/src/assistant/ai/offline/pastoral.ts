import { formatReference } from '@lectio/contracts/reference';
import type { Preferences } from '@lectio/contracts/assistant';
import {
  composeQuestionAnswer,
  pastoralAnswersFor,
  pastoralByWords,
  type SuggestedQuestionEntry,
} from '@lectio/library';
import type { OfflineAnswer } from './answer-kit';

/**
 * The written answers a reader's own struggle may need: the pastoral or common answer their words
 * fit (pastoral-match.ts), and the pastoral answer on the highlighted passage (Hebrews 6:4: "does
 * this mean me?"), either or both absent.
 */
export function pastoralFor(
  question: string,
  book: string,
  chapter: number,
  verse: number | null,
): { byWords?: SuggestedQuestionEntry; onPassage?: SuggestedQuestionEntry } {
  return {
    byWords: pastoralByWords(question, { book, chapter, verse }),
    onPassage: pastoralAnswersFor(formatReference({ bookId: book, chapter, verse: verse ?? undefined }))[0],
  };
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
