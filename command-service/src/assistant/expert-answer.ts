import { composeExpertAnswer, findQuestion } from '@lectio/library';
import type { Preferences } from '@lectio/contracts/assistant';
import { UnknownQuestion } from './errors';

/**
 * A suggested question's answer: written by us for each pair of faith journey and communication
 * style (library/data/questions), never by a model, so it costs nothing and is not budgeted.
 */
export function expertAnswer(questionId: string, preferences: Preferences): { question: string; text: string } {
  const entry = findQuestion(questionId);
  if (!entry) throw new UnknownQuestion();
  return { question: entry.question, text: composeExpertAnswer(entry.parts, preferences.faithJourney, preferences.communicationStyle) };
}
