/**
 * Asking the offline assistant as a reader does, for the dev-set tests: with a verse highlighted
 * and, for a follow-up, the previous turn answered first; the answer is what the reader sees (our
 * written answer when one matches, else the composed one), as ask.ts answers offline.
 */
import type { ChatContext, CommunicationStyleValue } from '@lectio/contracts/assistant';
import { findReferences, getVerses, normaliseWords, type Translation } from '@lectio/library';
import { writtenAnswerFor, writtenAnswerNotice } from '../../written-answer';
import { composeLibraryAnswer } from '../library-assistant';
import { placeOf as placeNamed } from './quote';

/** A reference as the dev sets write it ('Psalm 23:1', 'Genesis 1:1-3'). */
export function placeOf(reference: string) {
  const found = placeNamed(reference);
  if (!found) throw new Error(`not a reference: ${reference}`);
  return { ...found, verseEnd: found.verseEnd ?? found.verse };
}

export function replyAsReader(
  question: string,
  verse: string,
  earlier: { question: string; answer: string }[] = [],
  style: CommunicationStyleValue | null = null,
): string {
  const at = placeOf(verse);
  const context: ChatContext = { book: at.book, chapter: at.chapter, verse: at.verse, verseText: '' };
  const preferences = { faithJourney: null, communicationStyle: style };
  const written = writtenAnswerFor(question, context, preferences, earlier);
  if (written) return `${writtenAnswerNotice(written.question)}\n\n${written.answer}`;
  return composeLibraryAnswer({ text: question, context, preferences, translation: 'web', earlier });
}

/** A follow-up asked as a reader asks it: the previous question answered first, at the same verse. */
export const replyAfter = (previous: string, question: string, verse: string): string =>
  replyAsReader(question, verse, [{ question: previous, answer: replyAsReader(previous, verse) }]);

/** Whether the answer names one of the references (a range that includes the verse counts). */
export function namesAny(answer: string, references: string[]): boolean {
  const given = findReferences(answer).filter((r) => r.book);
  return references.some((reference) => {
    const want = placeOf(reference);
    return given.some(
      (g) =>
        g.book?.id === want.book &&
        g.chapter <= want.chapter &&
        (g.chapterEnd ?? g.chapter) >= want.chapter &&
        (g.verse === null || want.verse === null || (g.verse <= want.verse && (g.verseEnd ?? g.verse) >= want.verse)),
    );
  });
}

/** Whether the answer gives the passage word for word in the translation (either, for 'any'). */
export function quotes(answer: string, reference: string, translation: 'KJV' | 'WEB' | 'any'): boolean {
  const at = placeOf(reference);
  const translations: Translation[] = translation === 'any' ? ['web', 'kjv'] : [translation === 'KJV' ? 'kjv' : 'web'];
  const said = ` ${normaliseWords(answer)} `;
  return translations.some((t) => {
    const verses = getVerses(t, at.book, at.chapter).filter(
      (v) => v.number >= (at.verse ?? 1) && v.number <= (at.verseEnd ?? Infinity),
    );
    return verses.length > 0 && said.includes(` ${normaliseWords(verses.map((v) => v.text).join(' '))} `);
  });
}

/** A reader's question with what a good answer must contain, as the dev and held-out sets write it. */
export interface JudgedQuestion {
  kind: string;
  verse: string;
  question: string;
  previous?: string;
  /** Every group, by any alternative in it. */
  must: string[][];
  /** The passage it must quote word for word. */
  quote?: { ref: string; translation: 'KJV' | 'WEB' | 'any' };
  /** References it must name, any one of them. */
  ref?: string[];
  /** A saying that is not in the Bible: the answer must say so. */
  notInBible?: boolean;
  /** Off-topic: the answer must decline. */
  decline?: boolean;
}

const DECLINED = /I can only help with the Bible/;

/** Whether an answer is good by what the question says it must do. */
export function good(q: JudgedQuestion, answer: string): boolean {
  const text = answer.toLowerCase();
  if (!q.must.every((group) => group.some((alternative) => text.includes(alternative.toLowerCase())))) return false;
  if (q.quote && !quotes(answer, q.quote.ref, q.quote.translation)) return false;
  if (q.ref && !namesAny(answer, q.ref)) return false;
  if (q.notInBible && !/not (?:in|from) the bible|isn't in the bible|is not a verse|not a bible verse/i.test(answer))
    return false;
  if (q.decline && !DECLINED.test(answer)) return false;
  if (!q.decline && DECLINED.test(answer)) return false;
  return true;
}
