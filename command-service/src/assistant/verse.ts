import type { ChatContext } from '@lectio/contracts/assistant';
import { getVerseText } from '@lectio/library';
import { UnknownVerse } from './errors';

/** A question is about the whole chapter or a verse we hold in the reader's translation; any other verse is refused. */
export function checkVerseExists(context: Pick<ChatContext, 'book' | 'chapter' | 'verse' | 'translation'>): void {
  if (context.verse === null) return;
  if (getVerseText(context.translation ?? 'web', context.book, context.chapter, context.verse) === null)
    throw new UnknownVerse();
}
