/**
 * Asking the offline assistant as a reader does, for the dev-set tests: with a verse highlighted
 * and, for a follow-up, the previous turn answered first; the answer is what the reader sees (our
 * written answer when one matches, else the composed one), as ask.ts answers offline.
 */
import type { ChatContext, CommunicationStyleValue } from '@lectio/contracts/assistant';
import { findReferences } from '@lectio/library';
import { writtenAnswerFor, writtenAnswerNotice } from '../../written-answer';
import { composeLibraryAnswer } from '../library-assistant';

/** A reference as the dev sets write it ('Psalm 23:1', 'Genesis 1:1-3'). */
export function placeOf(reference: string) {
  const found = findReferences(reference)[0];
  if (!found?.book) throw new Error(`not a reference: ${reference}`);
  return { book: found.book.id, chapter: found.chapter, verse: found.verse, verseEnd: found.verseEnd ?? found.verse };
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
