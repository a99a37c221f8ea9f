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
  reference: { bookId: string; bookName: string; chapter: number; verse?: number | null; verseEnd?: number | null } | null;
  results: SearchResult[];
  total: number;
  /** The query with misspelt words corrected, when some word is unknown to the text. */
  suggestion?: string | null;
  /** Said instead of 'No results', e.g. that an Old Testament book is not in the reader. */
  notice?: string | null;
}

export function searchBible(q: string, t: Translation, signal?: AbortSignal): Promise<SearchResponse> {
  return getJson<SearchResponse>(`/api/bible/search?q=${encodeURIComponent(q)}&translation=${t}`, { signal });
}
