import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useAtom } from 'jotai';
import { SearchIcon } from '../../../components/icons';
import { searchBible } from '../api/search';
import type { Translation } from '../state/readerUrl';
import { lastSearchAtom, searchRequestAtom, searchResultsAtom } from '../state/searchResults';
import { preloadSearchResults } from './SearchResultsView';

export interface SearchTarget {
  book: string;
  chapter: number;
  verse: number | null;
  /** The last verse of a range ('1 Cor 13:4-7' marks 4 to 7). */
  verseEnd: number | null;
}

type State = { status: 'idle' } | { status: 'loading'; query: string } | { status: 'error'; message: string };

/**
 * Search box: a reference ('jn 3:16') jumps directly; words open the results view in the text
 * column (SearchResults.tsx), where they are filtered and opened. `onResults`: the results are on
 * show (a phone closes its navigation panel to show them).
 */
export function SearchBox({
  translation,
  onGo,
  onResults,
}: {
  translation: Translation;
  onGo(target: SearchTarget): void;
  onResults?(): void;
}) {
  const [q, setQ] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const [showing, setResults] = useAtom(searchResultsAtom);
  const [last, setLast] = useAtom(lastSearchAtom);
  const [request, setRequest] = useAtom(searchRequestAtom);
  // 'Did you mean' in the results view: the box shows the suggestion and searches it.
  useEffect(() => {
    if (!request) return;
    setRequest(null);
    setQ(request.query);
    void run(request.query);
  }, [request]); // eslint-disable-line react-hooks/exhaustive-deps -- run each request once

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(q.trim());
  };

  const run = async (query: string) => {
    if (!query) return;
    // The last answer goes at once: results of the query before never stand for this one.
    setState({ status: 'loading', query });
    // A reference is recognised locally first, so jumping works offline too (the service worker
    // keeps the parser's chunk); its book tables load with the first search, not with the reader.
    // Either testament: 'Isaiah 53:5' and 'Ps 23' open the reader there like 'John 3:16' (a bare
    // Old Testament name, 'Numbers', 'Song', is searched as words).
    const { parseAnyReference, parseReference } = await import('@lectio/contracts/reference');
    const ref = parseReference(query) ?? (/\d/.test(query) ? parseAnyReference(query) : null);
    if (ref) {
      setState({ status: 'idle' });
      setResults(null);
      onGo({ book: ref.bookId, chapter: ref.chapter, verse: ref.verse ?? null, verseEnd: ref.verseEnd ?? null });
      return;
    }
    abortRef.current?.abort();
    const ctrl = new AbortController();
    abortRef.current = ctrl;
    setState({ status: 'loading', query });
    try {
      const response = await searchBible(query, translation, ctrl.signal);
      if (ctrl.signal.aborted) return;
      if (response.reference) {
        setState({ status: 'idle' });
        setResults(null);
        const r = response.reference;
        onGo({ book: r.bookId, chapter: r.chapter, verse: r.verse ?? null, verseEnd: r.verseEnd ?? null });
        return;
      }
      setState({ status: 'idle' });
      setResults(response);
      setLast(response.results.length > 0 ? response : null);
      onResults?.();
    } catch (err) {
      if (ctrl.signal.aborted) return;
      const offline = typeof navigator !== 'undefined' && !navigator.onLine;
      setState({
        status: 'error',
        message: offline
          ? 'Search needs a connection. References like John 3:16 work offline.'
          : 'Search failed. Please try again.',
      });
      console.error('Search failed', err);
    }
  };

  return (
    <div className="grid gap-2">
      <form role="search" onSubmit={submit} className="relative">
        <label htmlFor="bible-search" className="sr-only">
          Search the Bible
        </label>
        <SearchIcon
          width={16}
          height={16}
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted"
        />
        <input
          id="bible-search"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            if (!e.target.value) setState({ status: 'idle' });
          }}
          placeholder="Search or go to John 3:16"
          onFocus={() => void preloadSearchResults()}
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 w-full rounded-lg border border-line bg-surface pl-9 pr-3 text-sm text-ink shadow-sm placeholder:text-muted focus-visible:outline-2 focus-visible:outline-accent"
        />
      </form>
      <div aria-live="polite" className="min-h-0">
        {state.status === 'loading' && <p className="text-sm text-muted">Searching…</p>}
        {state.status === 'error' && <p className="text-sm text-danger">{state.message}</p>}
      </div>
      {/* After a result was opened: the same results again, without searching again. */}
      {state.status === 'idle' && last && !showing && (
        <button
          type="button"
          className="justify-self-start rounded text-sm font-medium text-accent underline underline-offset-2"
          onClick={() => {
            setResults(last);
            onResults?.();
          }}
        >
          Back to the results for “{last.query}”
        </button>
      )}
    </div>
  );
}
