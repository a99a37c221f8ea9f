import { useEffect, useState } from 'react';
import type { SuggestedQuestionsResponse } from '@lectio/contracts/assistant';
import { fetchSuggestedQuestions } from '../api/questions';

export type SuggestedQuestionsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: SuggestedQuestionsResponse };

/** The passage's suggested questions, fetched each time (spec: always refetched). */
export function useSuggestedQuestions(book: string, chapter: number): SuggestedQuestionsState {
  const [state, setState] = useState<SuggestedQuestionsState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchSuggestedQuestions(book, chapter, controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to load suggested questions', e);
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [book, chapter]);
  return state;
}
