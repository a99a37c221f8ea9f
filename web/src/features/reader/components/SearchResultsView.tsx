import { lazy, Suspense, useEffect, useRef } from 'react';
import { useAtom } from 'jotai';
import { searchResultsAtom } from '../state/searchResults';
import type { SearchTarget } from './SearchBox';

/** The results' code: fetched when the search box is first focused, so /home's first load does not carry it. */
export const preloadSearchResults = () => import('./SearchResults');
const SearchResults = lazy(preloadSearchResults);

/**
 * The reader's search results view: in the text column, in place of the chapter (not squeezed into
 * the side panel), each verse with its reference and the searched words marked, filtered by
 * testament and book. Opening a result goes to the verse (`onGo`); 'Back to the chapter' returns.
 * Placed before the passage in <main>: while it shows, the chapter is hidden, not unmounted
 * (index.css), so coming back finds it as it was. `place` is the reading position: moving
 * elsewhere (a chapter picked in the panel) closes the results.
 */
export function SearchResultsView({ place, onGo }: { place: string; onGo(t: SearchTarget): void }) {
  const [response, setResponse] = useAtom(searchResultsAtom);
  const shownAt = useRef(place);
  useEffect(() => {
    if (response) shownAt.current = place;
  }, [response]); // eslint-disable-line react-hooks/exhaustive-deps -- the place it was opened at, not each later one
  useEffect(() => {
    if (place !== shownAt.current) setResponse(null);
  }, [place, setResponse]);
  if (!response) return null;
  return (
    <Suspense fallback={null}>
      <SearchResults key={response.query} onGo={onGo} />
    </Suspense>
  );
}
