import { BOOKS, findAnyBook, OT_BOOKS } from '@lectio/contracts/books';
import { ChevronDown } from '../../../components/icons';
import type { Verse } from '../api/chapters';

export interface PickersProps {
  book: string;
  chapter: number;
  verse: number | null;
  /** null while the chapter is loading. */
  verses: Verse[] | null;
  onBook(book: string): void;
  onChapter(chapter: number): void;
  onVerse(verse: number): void;
  /** Distinguishes the panel's pickers from the popup's (unique ids and headings). */
  idPrefix: string;
}

/**
 * Book dropdown (a native select: accessible, typeahead, the platform picker on phones, and no
 * extra JavaScript on the reader's first load; the New Testament's books, then the Old's), 5-column
 * chapter grid and 'Jump to verse' list: shared by the panel and the popup. */
export function NavigationPickers({
  book,
  chapter,
  verse,
  verses,
  onBook,
  onChapter,
  onVerse,
  idPrefix,
}: PickersProps) {
  const current = findAnyBook(book);
  const chapters = current?.chapters ?? 0;
  return (
    <div className="grid gap-5">
      <div className="grid gap-1.5">
        <label htmlFor={`${idPrefix}-book`} className="text-xs font-semibold uppercase tracking-wider text-muted">
          Book
        </label>
        <div className="relative">
          <select
            id={`${idPrefix}-book`}
            value={current ? book : ''}
            onChange={(e) => e.target.value && onBook(e.target.value)}
            className="h-10 w-full cursor-pointer appearance-none rounded-lg border border-line bg-surface pl-3 pr-9 text-sm text-ink shadow-sm focus-visible:outline-2 focus-visible:outline-accent"
          >
            <option value="" disabled hidden>
              Select a book
            </option>
            {/* The New Testament first, as the reader opens there; the Old Testament on a second shelf. */}
            <optgroup label="New Testament">
              {BOOKS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Old Testament">
              {OT_BOOKS.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </optgroup>
          </select>
          <ChevronDown
            width={16}
            height={16}
            className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-muted"
          />
        </div>
      </div>

      <section aria-labelledby={`${idPrefix}-chapter-heading`}>
        <h3
          id={`${idPrefix}-chapter-heading`}
          className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted"
        >
          Chapter
        </h3>
        <div className="grid grid-cols-5 gap-1.5">
          {Array.from({ length: chapters }, (_, i) => i + 1).map((n) => {
            const active = n === chapter;
            return (
              <button
                key={n}
                type="button"
                aria-label={`Chapter ${n}`}
                aria-current={active ? 'page' : undefined}
                onClick={() => onChapter(n)}
                className={[
                  'h-9 rounded-md text-sm tabular-nums transition-colors',
                  active
                    ? 'bg-accent font-semibold text-accent-ink shadow-sm'
                    : 'bg-raised/60 text-ink hover:bg-raised',
                ].join(' ')}
              >
                {n}
              </button>
            );
          })}
        </div>
      </section>

      <section aria-labelledby={`${idPrefix}-verse-heading`}>
        <h3 id={`${idPrefix}-verse-heading`} className="mb-2 text-xs font-semibold uppercase tracking-wider text-muted">
          Jump to verse
        </h3>
        {verses === null ? (
          <div className="grid grid-cols-6 gap-1.5" role="status" aria-label="Loading verses">
            {Array.from({ length: 5 }, (_, i) => (
              <span key={i} className="skeleton h-8" />
            ))}
          </div>
        ) : verses.length === 0 ? (
          <p className="text-sm text-muted">No verses available</p>
        ) : (
          <div className="grid grid-cols-6 gap-1.5">
            {verses.map((v) => {
              const active = v.number === verse;
              return (
                <button
                  key={v.number}
                  type="button"
                  aria-label={`Verse ${v.number}`}
                  aria-pressed={active}
                  onClick={() => onVerse(v.number)}
                  className={[
                    'h-8 rounded-md text-xs tabular-nums transition-colors',
                    active
                      ? 'bg-accent-soft font-semibold text-accent ring-1 ring-accent/40'
                      : 'text-ink hover:bg-raised',
                  ].join(' ')}
                >
                  {v.number}
                </button>
              );
            })}
          </div>
        )}
      </section>
    </div>
  );
}
