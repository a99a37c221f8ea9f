import type { ChatContext, Preferences } from '@lectio/contracts/assistant';
import { classifyQuestion, composeQuestionAnswer, matchBankQuestion } from '@lectio/library';
import type { WrittenAnswer } from './ai/port';

/**
 * Our written answers first: the suggested question of the passage (or its book, or the generic
 * ones) that a reader's own question means, with its expert answer for their preferences.
 */
export function writtenAnswerFor(
  message: string,
  context: ChatContext,
  preferences: Preferences,
  earlier: readonly { question: string }[] = [],
): WrittenAnswer | null {
  // A request for a verse's words, a saying's place, a question about something else or a follow-up
  // is not what a written question on the passage answers, however many words they share.
  const { kind, confidence } = classifyQuestion(message);
  // A question the classifier only doubts is off-topic ('Who is the beast with the number 666?') can still be ours.
  const offTopic = kind === 'offtopic' && confidence > 0.8;
  if (kind === 'quote' || kind === 'where' || offTopic || (kind === 'followup' && earlier.length > 0)) return null;
  const match = matchBankQuestion(message, context.book, context.chapter);
  if (!match) return null;
  // 'What is the Greek word for "Word" in John 1:1?' asks for the lexicon, not our answer on who the Word is.
  const original = /\b(?:greek|hebrew|original (?:word|language)|lexicon|strong'?s)\b/i;
  if (kind === 'word' && original.test(message) && !original.test(match.entry.question)) return null;
  // "What does 'debts' mean in the Lord's prayer?", 'what does agape mean' ask about that word: our answer on the prayer,
  // or on 'God is love', does not say what it means.
  const word =
    /["“‘']([\p{L}-]+)["”’']/u.exec(message)?.[1] ??
    (kind === 'word'
      ? /\bwhat(?:'s| does| is)\s+(?:the word\s+)?([\p{L}-]+)\s+mean\b/iu.exec(message)?.[1]
      : undefined);
  if (
    word &&
    /\b(?:mean|means|meaning|word|translated)\b/i.test(message) &&
    !new RegExp(`\\b${word}\\b`, 'iu').test(match.entry.question)
  )
    return null;
  return {
    questionId: match.entry.id,
    question: match.entry.question,
    answer: composeQuestionAnswer(match.entry, preferences.faithJourney, preferences.communicationStyle, {
      book: context.book,
      chapter: context.chapter,
      translation: context.translation ?? 'web',
    }),
  };
}

/** The first line of an answer built on a written one: which question it is. */
export const writtenAnswerNotice = (question: string) =>
  `From Lectio's written answer to the question closest to yours: '${question}'`;
