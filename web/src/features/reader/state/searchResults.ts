import { atom } from 'jotai';
import type { SearchResponse } from '../api/search';

/** The words search on show in the reader's results view (in place of the chapter), or null. */
export const searchResultsAtom = atom<SearchResponse | null>(null);

/** The last words search with results, kept after a result is opened so the reader can go back to them. */
export const lastSearchAtom = atom<SearchResponse | null>(null);

export type TestamentFilter = 'all' | 'old' | 'new';

/** A search asked for from outside the search box (the results view's 'Did you mean'): the box shows it and runs it. */
export const searchRequestAtom = atom<{ query: string; seq: number } | null>(null);
