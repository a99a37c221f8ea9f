import { useEffect, useRef } from 'react';
import { COMMUNICATION_STYLE_LABELS, FAITH_JOURNEY_LABELS, type Preferences } from '@lectio/contracts/assistant';
import type { Translation } from '../../reader';
import type { ChatMessage } from '../state/conversation';
import { AnswerText } from './AnswerText';

/** The chat view scrolls to the latest message after 100 ms. */
const SCROLL_DELAY_MS = 100;

/** Where a library answer comes from: a suggested question's expert answer, or an offline answer to free text. */
const LIBRARY_LABEL = {
  suggested: 'Expert answer from the Lectio library',
  free: 'Offline answer from the library, not from an AI model',
  unknown: 'Answer from the Lectio library, not from an AI model',
} as const;

/** The conversation, oldest first; follows the latest message. */
export function ChatMessages({ messages, translation, empty }: { messages: readonly ChatMessage[]; translation: Translation; empty: string }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  useEffect(() => {
    // Scroll the conversation only (scrollIntoView could also move the reader's page).
    const t = setTimeout(() => {
      const box = end.current?.closest<HTMLElement>('[data-chat-scroll]');
      if (box) box.scrollTop = box.scrollHeight;
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [messages.length, last?.content]);

  if (messages.length === 0) return <p className="px-1 py-6 text-center text-sm text-muted">{empty}</p>;
  return (
    <div role="log" aria-label="Conversation" className="grid gap-3">
      {messages.map((m) => (m.role === 'user' ? <Question key={m.id} text={m.content} /> : <Answer key={m.id} message={m} translation={translation} />))}
      <div ref={end} />
    </div>
  );
}

function Question({ text }: { text: string }) {
  return (
    <div className="ml-8 justify-self-end rounded-2xl rounded-br-sm bg-accent px-3.5 py-2 text-sm text-accent-ink">
      <span className="sr-only">You asked: </span>
      <p className="whitespace-pre-line break-words">{text}</p>
    </div>
  );
}

function Answer({ message, translation }: { message: ChatMessage; translation: Translation }) {
  if (message.status === 'streaming' && message.content === '') {
    return (
      <div role="status" aria-label="The assistant is answering" className="mr-8 grid gap-2 rounded-2xl rounded-bl-sm bg-raised px-3.5 py-3">
        <span className="h-3 w-11/12 animate-pulse rounded bg-line" />
        <span className="h-3 w-4/5 animate-pulse rounded bg-line" />
        <span className="h-3 w-2/3 animate-pulse rounded bg-line" />
      </div>
    );
  }
  return (
    <article
      aria-label="Assistant answer"
      aria-busy={message.status === 'streaming'}
      data-status={message.status}
      className={`mr-4 grid gap-2 rounded-2xl rounded-bl-sm px-3.5 py-2.5 text-sm leading-relaxed ${message.status === 'failed' ? 'border border-danger/40 bg-danger-soft' : 'bg-raised'}`}
    >
      {message.source === 'library' && message.status === 'done' && (
        <p className="w-fit rounded-full border border-line bg-surface px-2 py-0.5 text-[11px] font-medium text-muted">
          {LIBRARY_LABEL[message.kind ?? 'unknown']}
        </p>
      )}
      {message.status === 'done' ? (
        <AnswerText text={message.content} citations={message.citations} translation={translation} />
      ) : (
        <p className="whitespace-pre-line break-words">
          {message.content}
          {message.status === 'streaming' && <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-muted align-text-bottom" />}
        </p>
      )}
      {message.status === 'done' && message.preferences && <WrittenFor preferences={message.preferences} />}
    </article>
  );
}

function WrittenFor({ preferences }: { preferences: Preferences }) {
  const journey = preferences.faithJourney ? FAITH_JOURNEY_LABELS[preferences.faithJourney] : null;
  const style = preferences.communicationStyle ? COMMUNICATION_STYLE_LABELS[preferences.communicationStyle] : null;
  if (!journey && !style) return null;
  return <p className="text-[11px] text-muted">Written for: {[journey, style && `${style} style`].filter(Boolean).join(' · ')}</p>;
}
