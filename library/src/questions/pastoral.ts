/**
 * Pastoral answers, written by us (library/data/pastoral/answers.json), for frightening passages and
 * common struggles: the unforgivable sin, Ananias and Sapphira, Hebrews 6 and 10, anxiety, doubt,
 * grief, forgiving a parent who hurt you (forgiveness is not reconciliation), fear of hell,
 * assurance, God's silence. Each is a question of the bank's shape, composed for the reader's faith
 * journey and style by `composeExpertAnswer` and held to the bank's tests (every reference real,
 * every quotation the WEB's or the KJV's, the simple style plain, all 12 answers different).
 * They are not suggested questions on a chapter: the assistant reaches them by passage or by words.
 */
import { parseAnyReference } from '@lectio/contracts/reference';
import { readOptionalData } from '../data';
import type { SuggestedQuestionEntry } from './types';

export interface PastoralAnswer extends SuggestedQuestionEntry {
  /** The passages it speaks to ('Mark 3:28-30'): a reader at one of them may need it. */
  passages: string[];
  /** Other ways readers ask it ('Can God forgive me?'). */
  phrasings: string[];
}

interface PastoralFile {
  source: string;
  questions: PastoralAnswer[];
}

/** The id prefix of every pastoral answer ('pastoral-general-anxiety'). */
export const PASTORAL_PREFIX = 'pastoral-general-';

/** The id prefix of every written answer to a common question ('common-general-parables'). */
export const COMMON_PREFIX = 'common-general-';

let answers: PastoralAnswer[] | undefined;
let common: PastoralAnswer[] | undefined;

const readAnswers = (file: string) => readOptionalData<PastoralFile>(file, { source: '', questions: [] }).questions;

/** Every pastoral answer. */
export function pastoralAnswers(): readonly PastoralAnswer[] {
  return (answers ??= readAnswers('pastoral/answers.json'));
}

/**
 * Our written answers to the common why and how questions readers ask of the Bible (why Jesus
 * spoke in parables, why Judas betrayed him, how God is three in one, why God hardened Pharaoh's
 * heart: library/data/common-questions/answers.json), in the pastoral answers' shape and under the
 * same tests. They are not reached by passage as the pastoral ones are (a reader at Matthew 13
 * who is grieving needs the answer on grief), only by their words.
 */
export function commonAnswers(): readonly PastoralAnswer[] {
  return (common ??= readAnswers('common-questions/answers.json'));
}

/** A pastoral answer or a common question's by id ('pastoral-general-grief', 'common-general-parables'). */
export function findPastoralAnswer(id: string): PastoralAnswer | undefined {
  return pastoralAnswers().find((a) => a.id === id) ?? commonAnswers().find((a) => a.id === id);
}

/** The pastoral answers that speak to a passage ('Hebrews 6:4', 'Acts 5'), in the file's order. */
export function pastoralAnswersFor(reference: string): PastoralAnswer[] {
  const asked = parseAnyReference(reference);
  if (!asked) return [];
  return pastoralAnswers().filter((a) =>
    a.passages.some((p) => {
      const ref = parseAnyReference(p);
      if (!ref || ref.bookId !== asked.bookId || ref.chapter !== asked.chapter) return false;
      if (asked.verse === undefined || ref.verse === undefined) return true;
      return asked.verse <= (ref.verseEnd ?? ref.verse) && ref.verse <= (asked.verseEnd ?? asked.verse);
    }),
  );
}

/**
 * The common question whose own passage is this verse ('Why did Jesus say we must hate our father and mother?' is
 * Luke 14:26's): its first passage holds the verse and is one section (twelve verses or fewer), so the answer is about it.
 */
export function commonAnswerOnVerse(book: string, chapter: number, verse: number): PastoralAnswer | undefined {
  return commonAnswers().find((a) => {
    const first = a.passages[0] ? parseAnyReference(a.passages[0]) : undefined;
    if (!first || first.bookId !== book || first.chapter !== chapter || first.verse === undefined) return false;
    const end = first.verseEnd ?? first.verse;
    return first.verse <= verse && verse <= end && end - first.verse <= 11;
  });
}
