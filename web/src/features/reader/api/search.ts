import type { Translation } from '@lectio/contracts/bible-api';
import { getJson } from '../../../lib/api';

/** Search in the Bible text (the server's /api/bible/search): words, or a reference. */

export interface SearchResult {
  bookId: string;
  bookName: string;
  chapter: number;
  verse: number;
  text: string;
  highlighted: string;
  score: number;
}

export interface SearchResponse {
  query: string;
  reference: {
    bookId: string;
    bookName: string;
    chapter: number;
    verse?: number | null;
    verseEnd?: number | null;
  } | null;
  results: SearchResult[];
  total: number;
  /** The query with misspelt words corrected, when some word is unknown to the text. */
  suggestion?: string | null;
  /** Said instead of 'No results' (the server sends null since the reader holds both testaments). */
  notice?: string | null;
}

// The server's most (MAX_SEARCH_LIMIT): the results view filters them by testament and book.
const RESULTS_LIMIT = 100;

/** Words are searched in the whole Bible, the Old Testament's hits first among equals. */
export function searchBible(q: string, t: Translation, signal?: AbortSignal): Promise<SearchResponse> {
  return getJson<SearchResponse>(
    `/api/bible/search?q=${encodeURIComponent(q)}&translation=${t}&testament=all&limit=${RESULTS_LIMIT}`,
    { signal },
  );
}
