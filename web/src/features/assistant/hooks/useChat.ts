import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { assistantMessages, type ChatContext, type ChatRequest } from '@lectio/contracts/assistant';
import { ApiError } from '../../../lib/api';
import { streamQuestion } from '../api/chat';
import { fetchChatHistory } from '../api/questions';
import { usageQuery } from '../api/usage';
import { conversationsAtom } from '../state/atoms';
import { answered, fromHistory, localId, passageKey, replaceMessage, type ChatMessage } from '../state/conversation';

const EMPTY: ChatMessage[] = [];

/**
 * The conversation about one passage: its history (loaded the first time the passage is shown),
 * and `send`, which appends the question, streams the answer into the list as it arrives and ends
 * with the checked answer, or with the apology (or a refusal's own message). Unmounting (the
 * panel closed) aborts the answer in flight. Every answer and refusal invalidates the usage figures;
 * their read waits for the position the answer wrote (streamQuestion keeps it).
 */
export function useChat(context: ChatContext, reader: string, enabled = true) {
  const key = passageKey(reader, context.book, context.chapter);
  const readerRef = useRef(reader);
  readerRef.current = reader;
  const [conversations, setConversations] = useAtom(conversationsAtom);
  const queryClient = useQueryClient();
  const messages = conversations[key] ?? EMPTY;
  const loaded = key in conversations;
  const [sending, setSending] = useState(false);
  const inFlight = useRef<AbortController | null>(null);
  const contextRef = useRef(context);
  contextRef.current = context;

  useEffect(() => {
    if (!enabled || loaded) return;
    const controller = new AbortController();
    fetchChatHistory(context.book, context.chapter, controller.signal).then(
      (h) => setConversations((all) => (key in all ? all : { ...all, [key]: fromHistory(h.messages) })),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load the chat history', e);
        setConversations((all) => (key in all ? all : { ...all, [key]: [] }));
      },
    );
    return () => controller.abort();
  }, [enabled, loaded, key, context.book, context.chapter, setConversations]);

  useEffect(() => () => inFlight.current?.abort(), []);

  const update = useCallback(
    (k: string, change: (list: ChatMessage[]) => ChatMessage[]) =>
      setConversations((all) => ({ ...all, [k]: change(all[k] ?? []) })),
    [setConversations],
  );

  const send = useCallback(
    async (text: string, questionId?: string) => {
      const message = text.trim();
      if (!message || inFlight.current) return false;
      const request: ChatRequest = { message, context: contextRef.current, ...(questionId ? { questionId } : {}) };
      const k = passageKey(readerRef.current, request.context.book, request.context.chapter);
      const replyId = localId('assistant');
      const controller = new AbortController();
      inFlight.current = controller;
      setSending(true);
      update(k, (list) => [
        ...list,
        { id: localId('user'), role: 'user', content: message, status: 'done', citations: [] },
        { id: replyId, role: 'assistant', content: '', status: 'streaming', citations: [] },
      ]);
      try {
        const body = await streamQuestion(
          request,
          (piece) => update(k, (list) => replaceMessage(list, replyId, (m) => ({ ...m, content: m.content + piece }))),
          controller.signal,
        );
        update(k, (list) => replaceMessage(list, replyId, () => answered(replyId, body)));
      } catch (e) {
        if (controller.signal.aborted) {
          // The panel closed: forget this passage's copy, so reopening reads the history again.
          setConversations((all) => {
            const rest = { ...all };
            delete rest[k];
            return rest;
          });
          return false;
        }
        console.error('Chat failed', e);
        update(k, (list) =>
          replaceMessage(list, replyId, (m) => ({ ...m, content: failureMessage(e), status: 'failed' })),
        );
      } finally {
        if (inFlight.current === controller) inFlight.current = null;
        setSending(false);
        void queryClient.invalidateQueries({ queryKey: usageQuery.queryKey });
      }
      return true;
    },
    [update, setConversations, queryClient],
  );

  return { messages, loaded, sending, send };
}

/**
 * A refusal the reader can act on (400, 401, 403, 429, 503: a blank or too long question, no
 * access, the monthly limit with its reset date, too fast, usage paused) shows the server's own
 * message; anything else is the apology ("I'm sorry, I couldn't process..."), never a raw error.
 */
export function failureMessage(e: unknown): string {
  if (e instanceof ApiError && [400, 401, 403, 429, 503].includes(e.status)) {
    const text = e.serverMessage;
    if (text && text.length < 500 && !text.trimStart().startsWith('<')) return text;
  }
  return assistantMessages.apology;
}
