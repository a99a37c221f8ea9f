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
 * The written answer a reader's own struggle may need: the pastoral or common answer their words
 * fit (pastoral-match.ts), else the pastoral answer on the highlighted passage (Hebrews 6:4: "does
 * this mean me?"), if any.
 */
export function pastoralFor(
  question: string,
  book: string,
  chapter: number,
  verse: number | null,
): { byWords?: SuggestedQuestionEntry; onPassage?: SuggestedQuestionEntry } {
  const byWords = pastoralByWords(question, { book, chapter, verse });
  // The passage's own is looked up only when the words found none: it is used only then.
  return byWords
    ? { byWords }
    : { onPassage: pastoralAnswersFor(formatReference({ bookId: book, chapter, verse: verse ?? undefined }))[0] };
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
