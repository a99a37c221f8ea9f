import type { ChatHistoryResponse, SuggestedQuestionsResponse } from '@lectio/contracts/assistant';
import { getJson } from '../../../lib/api';

const passageQuery = (book: string, chapter: number) => new URLSearchParams({ book, chapter: String(chapter) }).toString();

/** GET /api/suggested-questions?book=&chapter=: always refetched. */
export async function fetchSuggestedQuestions(book: string, chapter: number, signal?: AbortSignal): Promise<SuggestedQuestionsResponse> {
  const body = await getJson<Partial<SuggestedQuestionsResponse>>(`/api/suggested-questions?${passageQuery(book, chapter)}`, { signal });
  const questions = Array.isArray(body.questions) ? body.questions : [];
  return { questions, categories: Array.isArray(body.categories) ? body.categories : categoriesOf(questions) };
}

/** Chips in first-seen order with counts, when the server did not send them. */
function categoriesOf(questions: SuggestedQuestionsResponse['questions']): SuggestedQuestionsResponse['categories'] {
  const counts = new Map<string, number>();
  for (const q of questions) counts.set(q.category || 'General', (counts.get(q.category || 'General') ?? 0) + 1);
  return [...counts].map(([category, count]) => ({ category, count }));
}

/** GET /api/chat/history?book=&chapter=: the reader's conversation about this chapter, oldest first. */
export async function fetchChatHistory(book: string, chapter: number, signal?: AbortSignal): Promise<ChatHistoryResponse> {
  const body = await getJson<Partial<ChatHistoryResponse>>(`/api/chat/history?${passageQuery(book, chapter)}`, { signal });
  return { messages: Array.isArray(body.messages) ? body.messages : [] };
}
