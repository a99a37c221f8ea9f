import { useCallback, useEffect, useRef } from 'react';
import { COMMUNICATION_STYLE_LABELS, FAITH_JOURNEY_LABELS, type Preferences } from '@lectio/contracts/assistant';
import { safetyLinks, safetyMessages } from '@lectio/contracts/safety';
import { answerFrame } from '../state/answerFrame';
import type { Translation } from '../../reader';
import type { ChatMessage } from '../state/conversation';
import { AnswerText } from './AnswerText';

/** The chat view scrolls to the latest message after 100 ms. */
const SCROLL_DELAY_MS = 100;
/** How much of the question above a new answer stays in view with it. */
const QUESTION_IN_VIEW_PX = 72;

/**
 * The conversation, oldest first. When a new answer appears, the view brings its start (with the
 * end of its question) into view and stays there while it arrives, so the reader reads from its
 * first line; when it is complete, focus moves to it, which screen readers announce.
 */
export function ChatMessages({
  messages,
  translation,
  empty,
}: {
  messages: readonly ChatMessage[];
  translation: Translation;
  empty: string;
}) {
  const list = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const newestId = last?.role === 'assistant' ? last.id : undefined;
  const newestStatus = last?.role === 'assistant' ? last.status : undefined;
  const newestLength = last?.role === 'assistant' ? last.content.length : 0;
  // The newest answer's status as last rendered: an answer that finishes while shown gets the focus.
  const seen = useRef<{ id: string; status: ChatMessage['status'] } | null>(null);
  // The answer being brought to the top of the view, until its start gets there (then the reader scrolls).
  const pinned = useRef<string | null>(null);

  /** Scrolls the conversation (only it: scrollIntoView could also move the reader's page) towards the pinned answer's start; done once it is there. */
  const bringAnswerStart = useCallback(() => {
    const id = pinned.current;
    const box = list.current?.closest<HTMLElement>('[data-chat-scroll]');
    const answer = id ? list.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(id)}"]`) : null;
    if (!box || !answer) return;
    const question = answer.previousElementSibling?.getBoundingClientRect().height ?? 0;
    const below =
      answer.getBoundingClientRect().top -
      box.getBoundingClientRect().top -
      Math.min(question + 12, QUESTION_IN_VIEW_PX);
    if (below > 1) box.scrollTop += below;
    // Still below where it should be: the answer is too short yet, and more of it will lift it.
    const left =
      answer.getBoundingClientRect().top -
      box.getBoundingClientRect().top -
      Math.min(question + 12, QUESTION_IN_VIEW_PX);
    if (left <= 1) pinned.current = null;
  }, []);

  useEffect(() => {
    if (!newestId) return;
    pinned.current = newestId;
    const t = setTimeout(bringAnswerStart, SCROLL_DELAY_MS);
    return () => clearTimeout(t);
  }, [newestId, bringAnswerStart]);

  // As the answer grows, until its start has reached the top of the view.
  useEffect(() => {
    if (pinned.current === newestId && newestLength > 0) bringAnswerStart();
  }, [newestId, newestLength, bringAnswerStart]);

  useEffect(() => {
    if (!newestId || !newestStatus) return;
    const before = seen.current;
    seen.current = { id: newestId, status: newestStatus };
    if (before?.id === newestId && before.status === 'streaming' && newestStatus !== 'streaming') {
      list.current
        ?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(newestId)}"]`)
        ?.focus({ preventScroll: true });
    }
  }, [newestId, newestStatus]);

  if (messages.length === 0) return <p className="px-1 py-6 text-center text-sm text-muted">{empty}</p>;
  return (
    <div ref={list} role="log" aria-label="Conversation" className="grid gap-3">
      {messages.map((m) =>
        m.role === 'user' ? (
          <Question key={m.id} text={m.content} />
        ) : (
          <Answer key={m.id} message={m} translation={translation} />
        ),
      )}
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
      <div
        data-message-id={message.id}
        role="status"
        aria-label="The assistant is answering"
        className="mr-8 grid gap-2 rounded-2xl rounded-bl-sm bg-raised px-3.5 py-3"
      >
        <span className="h-3 w-11/12 animate-pulse rounded bg-line" />
        <span className="h-3 w-4/5 animate-pulse rounded bg-line" />
        <span className="h-3 w-2/3 animate-pulse rounded bg-line" />
      </div>
    );
  }
  const { label, body } = answerFrame(message);
  return (
    <article
      data-message-id={message.id}
      tabIndex={-1}
      aria-label={message.safety ? `Assistant answer: ${safetyMessages.label}` : 'Assistant answer'}
      aria-busy={message.status === 'streaming'}
      data-status={message.status}
      className={`mr-4 grid gap-2 rounded-2xl rounded-bl-sm px-3.5 py-2.5 text-sm leading-relaxed outline-none focus-visible:outline-2 focus-visible:outline-accent ${
        message.status === 'failed'
          ? 'border border-danger/40 bg-danger-soft'
          : message.safety
            ? 'border border-accent/50 bg-accent-soft'
            : 'bg-raised'
      }`}
    >
      {label && message.status !== 'failed' && (
        <p
          data-answer-label
          className="w-fit rounded-full border border-line bg-surface px-2 py-0.5 text-[11px] font-medium text-muted"
        >
          {label}
        </p>
      )}
      {message.status === 'done' ? (
        <AnswerText text={body} citations={message.citations} translation={translation} links={helplinesOf(message)} />
      ) : (
        <p className="whitespace-pre-line break-words">
          {body}
          {message.status === 'streaming' && (
            <span
              aria-hidden="true"
              className="ml-0.5 inline-block h-4 w-1.5 animate-pulse bg-muted align-text-bottom"
            />
          )}
        </p>
      )}
      {message.status === 'done' && message.preferences && !message.safety && (
        <WrittenFor preferences={message.preferences} />
      )}
    </article>
  );
}

/** The helplines a safety answer or a check-in names, as links. */
const helplinesOf = (message: ChatMessage) => {
  const category = message.safety ?? message.checkIn;
  return category ? safetyLinks(category) : [];
};

function WrittenFor({ preferences }: { preferences: Preferences }) {
  const journey = preferences.faithJourney ? FAITH_JOURNEY_LABELS[preferences.faithJourney] : null;
  const style = preferences.communicationStyle ? COMMUNICATION_STYLE_LABELS[preferences.communicationStyle] : null;
  if (!journey && !style) return null;
  return (
    <p className="text-[11px] text-muted">
      Written for: {[journey, style && `${style} style`].filter(Boolean).join(' · ')}
    </p>
  );
}
