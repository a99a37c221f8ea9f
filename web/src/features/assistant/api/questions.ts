import { queryOptions } from '@tanstack/react-query';
import type { ChatHistoryResponse, SuggestedQuestionsResponse } from '@lectio/contracts/assistant';
import { getJson } from '../../../lib/api';

const passageQuery = (book: string, chapter: number) =>
  new URLSearchParams({ book, chapter: String(chapter) }).toString();

/** GET /api/suggested-questions?book=&chapter=: read again each time the list is shown (kept no longer than it is shown). */
export const suggestedQuestionsQuery = (book: string, chapter: number) =>
  queryOptions({
    queryKey: ['suggested-questions', book, chapter],
    queryFn: ({ signal }) =>
      getJson<SuggestedQuestionsResponse>(`/api/suggested-questions?${passageQuery(book, chapter)}`, { signal }),
    gcTime: 0,
  });

/** GET /api/chat/history?book=&chapter=: the reader's conversation about this chapter, oldest first. */
export const fetchChatHistory = (book: string, chapter: number, signal?: AbortSignal) =>
  getJson<ChatHistoryResponse>(`/api/chat/history?${passageQuery(book, chapter)}`, { signal });
