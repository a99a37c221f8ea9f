import { useEffect, useMemo, useRef, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { ALL_BOOKS, findAnyBook } from '@lectio/contracts/books';
import { SegmentedChoice } from '../../../components/SegmentedChoice';
import { Button } from '../../../components/ui';
import type { SearchResult } from '../api/search';
import { parseHighlighted } from '../state/highlight';
import { searchRequestAtom, searchResultsAtom, type TestamentFilter } from '../state/searchResults';
import type { SearchTarget } from './SearchBox';

const testamentOf = (r: SearchResult) => findAnyBook(r.bookId)?.testament ?? 'new';
const canonical = new Map(ALL_BOOKS.map((b, i) => [b.id, i]));
const bookOrder = (id: string) => canonical.get(id) ?? 0;

/** The results themselves: their own chunk, fetched when the reader first searches (SearchResultsView). */
export default function SearchResults({ onGo }: { onGo(t: SearchTarget): void }) {
  const [response, setResponse] = useAtom(searchResultsAtom);
  const ask = useSetAtom(searchRequestAtom);
  const [testament, setTestament] = useState<TestamentFilter>('all');
  const [book, setBook] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const results = useMemo(() => response?.results ?? [], [response]);
  const inTestament = results.filter((r) => testament === 'all' || testamentOf(r) === testament);
  const books = useMemo(() => {
    const counts = new Map<string, { name: string; count: number }>();
    for (const r of inTestament)
      counts.set(r.bookId, { name: r.bookName, count: (counts.get(r.bookId)?.count ?? 0) + 1 });
    return [...counts].sort(([a], [b]) => bookOrder(a) - bookOrder(b));
  }, [inTestament]);
  const bookShown = books.some(([id]) => id === book) ? book : '';
  const shown = inTestament.filter((r) => !bookShown || r.bookId === bookShown);
  if (!response) return null;

  const count = (t: TestamentFilter) => results.filter((r) => t === 'all' || testamentOf(r) === t).length;
  const close = () => {
    setResponse(null);
    requestAnimationFrame(() => document.getElementById('bible-search')?.focus());
  };
  const summary = response.notice
    ? response.notice
    : response.total === 0
      ? `No results for “${response.query}”`
      : `${response.total} ${response.total === 1 ? 'result' : 'results'} for “${response.query}”`;

  return (
    <section aria-labelledby="search-results-title" className="search-results mx-auto w-full max-w-3xl px-5 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1
          id="search-results-title"
          ref={heading}
          tabIndex={-1}
          className="font-serif text-2xl font-semibold outline-none"
        >
          Search results
        </h1>
        <Button variant="outline" size="sm" onClick={close}>
          Back to the chapter
        </Button>
      </div>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        {summary}
        {response.total > results.length && ` (the best ${results.length} are shown)`}
      </p>
      {response.suggestion && (
        <p className="mt-2 text-sm text-muted">
          Did you mean{' '}
          <button
            type="button"
            className="rounded font-medium text-accent underline underline-offset-2"
            onClick={() => ask({ query: response.suggestion!, seq: Date.now() })}
          >
            {response.suggestion}
          </button>
          ?
        </p>
      )}
      {results.length > 0 && (
        <>
          <div className="mt-5 grid items-end gap-4 sm:grid-cols-[minmax(0,20rem)_minmax(0,14rem)]">
            <SegmentedChoice<TestamentFilter>
              legend="Testament"
              name="search-testament"
              columns={3}
              value={testament}
              onChange={setTestament}
              choices={[
                { id: 'all', label: `Whole Bible (${count('all')})`, content: `All (${count('all')})` },
                { id: 'old', label: `Old Testament (${count('old')})`, content: `Old (${count('old')})` },
                { id: 'new', label: `New Testament (${count('new')})`, content: `New (${count('new')})` },
              ]}
            />
            <label className="grid gap-1.5 text-xs font-semibold uppercase tracking-wider text-muted">
              Book
              <select
                className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm font-normal normal-case tracking-normal text-ink"
                value={bookShown}
                onChange={(e) => setBook(e.target.value)}
              >
                <option value="">All books ({inTestament.length})</option>
                {books.map(([id, b]) => (
                  <option key={id} value={id}>
                    {b.name} ({b.count})
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="sr-only" aria-live="polite">
            {shown.length} shown
          </p>
          <ol aria-label="Search results" className="mt-5 grid gap-2">
            {shown.map((r) => (
              <li key={`${r.bookId}-${r.chapter}-${r.verse}`}>
                <button
                  type="button"
                  onClick={() => {
                    setResponse(null);
                    onGo({ book: r.bookId, chapter: r.chapter, verse: r.verse, verseEnd: null });
                  }}
                  className="search-hit w-full rounded-xl border border-line bg-surface px-4 py-3 text-left hover:bg-raised focus-visible:outline-2 focus-visible:outline-accent"
                >
                  <span className="block text-sm font-semibold text-accent">
                    {r.bookName} {r.chapter}:{r.verse}
                  </span>
                  <span className="scripture mt-1 block text-base text-ink">
                    {parseHighlighted(r.highlighted || r.text).map((run, i) =>
                      run.mark ? <mark key={i}>{run.text}</mark> : <span key={i}>{run.text}</span>,
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
