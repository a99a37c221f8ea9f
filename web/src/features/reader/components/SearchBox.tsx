import { useRef, useState, type FormEvent } from 'react';
import { SearchIcon } from '../../../components/icons';
import { searchBible, type SearchResponse } from '../api/search';
import { parseHighlighted } from '../state/highlight';
import type { Translation } from '../state/readerUrl';

export interface SearchTarget {
  book: string;
  chapter: number;
  verse: number | null;
  /** The last verse of a range ('1 Cor 13:4-7' marks 4 to 7). */
  verseEnd: number | null;
}

type State =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; response: SearchResponse }
  | { status: 'notice'; message: string }
  | { status: 'error'; message: string };

/** Search box: a reference ('jn 3:16') jumps directly; words list matching verses. */
export function SearchBox({ translation, onGo }: { translation: Translation; onGo(target: SearchTarget): void }) {
  const [q, setQ] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(q.trim());
  };

  const run = async (query: string) => {
    if (!query) return;
    // A reference is recognised locally first, so jumping works offline too (the service worker
    // keeps the parser's chunk); its book tables load with the first search, not with the reader.
    const { oldTestamentBookIn, oldTestamentNotice, parseReference } = await import('@lectio/contracts/reference');
    const ref = parseReference(query);
    if (ref) {
      setState({ status: 'idle' });
      onGo({ book: ref.bookId, chapter: ref.chapter, verse: ref.verse ?? null, verseEnd: ref.verseEnd ?? null });
      return;
    }
    // 'Genesis 1:1', 'Psalm 23': say where the book is rather than search the New Testament for it.
    const oldTestament = oldTestamentBookIn(query);
    if (oldTestament && /\d/.test(query)) {
      setState({ status: 'notice', message: oldTestamentNotice(oldTestament) });
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
        const r = response.reference;
        onGo({ book: r.bookId, chapter: r.chapter, verse: r.verse ?? null, verseEnd: r.verseEnd ?? null });
        return;
      }
      setState({ status: 'done', response });
    } catch (err) {
      if (ctrl.signal.aborted) return;
      const offline = typeof navigator !== 'undefined' && !navigator.onLine;
      setState({
        status: 'error',
        message: offline ? 'Search needs a connection. References like John 3:16 work offline.' : 'Search failed. Please try again.',
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
        <SearchIcon width={16} height={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
        <input
          id="bible-search"
          type="search"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            if (!e.target.value) setState({ status: 'idle' });
          }}
          placeholder="Search or go to John 3:16"
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 w-full rounded-lg border border-line bg-surface pl-9 pr-3 text-sm text-ink shadow-sm placeholder:text-muted focus-visible:outline-2 focus-visible:outline-accent"
        />
      </form>
      <div aria-live="polite" className="min-h-0">
        {state.status === 'loading' && <p className="text-sm text-muted">Searching…</p>}
        {state.status === 'error' && <p className="text-sm text-danger">{state.message}</p>}
        {state.status === 'notice' && <p className="text-sm text-muted">{state.message}</p>}
        {state.status === 'done' && (
          <div className="grid gap-2">
            <div className="flex items-center justify-between text-xs text-muted">
              <span>
                {state.response.notice
                  ? state.response.notice
                  : state.response.total === 0
                    ? `No results for “${state.response.query}”`
                    : `${state.response.total} ${state.response.total === 1 ? 'result' : 'results'} for “${state.response.query}”`}
              </span>
              <button type="button" className="rounded px-1 underline-offset-2 hover:underline" onClick={() => setState({ status: 'idle' })}>
                Clear
              </button>
            </div>
            {state.response.suggestion && (
              <p className="text-sm text-muted">
                Did you mean{' '}
                <button
                  type="button"
                  className="rounded font-medium text-accent underline underline-offset-2"
                  onClick={() => {
                    const suggestion = state.response.suggestion!;
                    setQ(suggestion);
                    void run(suggestion);
                  }}
                >
                  {state.response.suggestion}
                </button>
                ?
              </p>
            )}
            {state.response.results.length > 0 && (
              <ul aria-label="Search results" className="grid max-h-80 gap-1 overflow-y-auto pr-1">
                {state.response.results.map((r) => (
                  <li key={`${r.bookId}-${r.chapter}-${r.verse}`}>
                    <button
                      type="button"
                      onClick={() => onGo({ book: r.bookId, chapter: r.chapter, verse: r.verse, verseEnd: null })}
                      className="search-hit w-full rounded-lg px-2.5 py-2 text-left hover:bg-raised"
                    >
                      <span className="block text-xs font-semibold text-accent">
                        {r.bookName} {r.chapter}:{r.verse}
                      </span>
                      <span className="line-clamp-3 font-serif text-sm text-ink">
                        {parseHighlighted(r.highlighted || r.text).map((run, i) =>
                          run.mark ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>,
                        )}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
