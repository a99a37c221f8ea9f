import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SuggestedQuestionsResponse } from '@lectio/contracts/assistant';
import { suggestedQuestionsQuery } from '../api/questions';

export type SuggestedQuestionsState =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: SuggestedQuestionsResponse };

/** The passage's suggested questions, read again whenever they are shown (never a stale list from before). */
export function useSuggestedQuestions(book: string, chapter: number): SuggestedQuestionsState {
  const query = useQuery(suggestedQuestionsQuery(book, chapter));
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to load suggested questions', error);
  }, [error]);
  if (query.isError) return { status: 'error' };
  return query.data ? { status: 'ready', data: query.data } : { status: 'loading' };
}
