import { composeQuestionAnswer, findQuestion, type AnswerContext } from '@lectio/library';
import type { Preferences } from '@lectio/contracts/assistant';
import { UnknownQuestion } from './errors';

/**
 * A suggested question's answer: written by us for each pair of faith journey and communication
 * style (library/data/questions), never by a model, so it costs nothing and is not budgeted. The
 * passage asked about picks the chapter's outline for the main-message question and the
 * translation its quotations are labelled against.
 */
export function expertAnswer(
  questionId: string,
  preferences: Preferences,
  context: AnswerContext = {},
): { question: string; text: string } {
  const entry = findQuestion(questionId);
  if (!entry) throw new UnknownQuestion();
  return {
    question: entry.question,
    text: composeQuestionAnswer(entry, preferences.faithJourney, preferences.communicationStyle, context),
  };
}
