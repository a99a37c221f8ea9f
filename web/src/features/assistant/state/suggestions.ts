import type { SuggestedQuestion } from '@lectio/contracts/assistant';
import { SUGGESTED_PAGE_SIZE } from '@lectio/contracts/constants';

export interface SuggestionPage {
  questions: SuggestedQuestion[];
  page: number;
  pages: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The questions of the chosen category (all of them when none is chosen), 6 to a page. */
export function suggestionPage(
  all: readonly SuggestedQuestion[],
  category: string | null,
  page: number,
  size = SUGGESTED_PAGE_SIZE,
): SuggestionPage {
  const matching = category === null ? all : all.filter((q) => (q.category || 'General') === category);
  const pages = Math.max(1, Math.ceil(matching.length / size));
  const current = Math.min(Math.max(0, page), pages - 1);
  return {
    questions: matching.slice(current * size, current * size + size),
    page: current,
    pages,
    hasPrevious: current > 0,
    hasNext: current < pages - 1,
  };
}
