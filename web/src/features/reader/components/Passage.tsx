import { useEffect, useRef, type MouseEvent as ReactMouseEvent, type ReactNode, type TouchEvent as ReactTouchEvent } from 'react';
import type { ChapterLocation } from '@lectio/contracts/navigation';
import { ChevronLeft, ChevronRight } from '../../../components/icons';
import type { VerseMarks } from '../../notes';
import { LongPressDetector } from '../state/longPress';
import type { ChapterState } from '../hooks/useChapter';
import type { VerseSpans } from '../hooks/useWordsOfJesus';

export interface PassageProps {
  bookName: string;
  chapter: number;
  state: ChapterState & { retry: () => void };
  /** Where the words of Jesus are, when the reader shows them in red. */
  wordsOfJesus?: VerseSpans | null;
  selectedVerse: number | null;
  /** The last verse of a marked range starting at selectedVerse (a searched '1 Cor 13:4-7'). */
  selectedEnd?: number | null;
  flashVerse: number | null;
  previous: ChapterLocation | null;
  next: ChapterLocation | null;
  onPrevious(): void;
  onNext(): void;
  /** `viaKeyboard`: activated with Enter or Space (a click event with detail 0), not a pointer. */
  onSelectVerse(verse: number, text: string, viaKeyboard: boolean): void;
  /** Right-click or long press: highlight the verse and open the navigation popup at the point. */
  onOpenPopup(verse: number, text: string, point: { x: number; y: number }): void;
  /** The reader's own highlights, notes and bookmarks on this chapter's verses. */
  marks?: ReadonlyMap<number, VerseMarks>;
}

export function Passage(props: PassageProps) {
  const { state, bookName, chapter } = props;
  const title = state.status === 'ready' ? state.data.chapterTitle : null;
  const name = state.status === 'ready' ? state.data.bookName || bookName : bookName;

  return (
    <article className="mx-auto w-full max-w-[42rem] px-5 pb-40 pt-8 sm:px-8 sm:pt-12" aria-labelledby="chapter-heading">
      <header className="mb-8 text-center">
        <h1 id="chapter-heading" className="font-serif text-ink">
          <span className="block text-sm font-sans font-semibold uppercase tracking-[0.25em] text-accent">{name}</span>
          <span className="sr-only"> </span>
          <span className="mt-1 block text-5xl font-semibold tabular-nums">{chapter}</span>
        </h1>
        {title && <p className="mt-3 font-serif text-lg italic text-muted">{title}</p>}
      </header>

      {state.status === 'loading' && (
        // A viewport tall: the chapter navigation waits below the fold instead of jumping down when the text arrives.
        <div role="status" aria-label="Loading chapter" className="grid min-h-[100svh] content-start gap-3">
          {Array.from({ length: 10 }, (_, i) => (
            <span key={i} className="skeleton h-5" style={{ width: `${[100, 94, 97, 88, 100, 91, 96, 85, 99, 70][i]}%` }} />
          ))}
        </div>
      )}

      {state.status === 'error' && (
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger-soft p-5 text-center">
          <p className="font-medium text-danger">{state.message}</p>
          <p className="mt-1 text-sm text-muted">Check your connection and try again.</p>
          <button
            type="button"
            onClick={state.retry}
            className="mt-4 inline-flex h-9 items-center rounded-lg bg-accent px-4 text-sm font-medium text-accent-ink"
          >
            Try again
          </button>
        </div>
      )}

      {state.status === 'ready' &&
        (state.data.verses.length === 0 ? (
          <p className="text-center text-muted">No verses found for this chapter.</p>
        ) : (
          <VerseList {...props} verses={state.data.verses} />
        ))}

      <nav aria-label="Chapter navigation" className="mt-14 grid grid-cols-2 gap-3 border-t border-line pt-6">
        <ChapterButton direction="previous" target={props.previous} onClick={props.onPrevious} />
        <ChapterButton direction="next" target={props.next} onClick={props.onNext} />
      </nav>
    </article>
  );
}

function ChapterButton({ direction, target, onClick }: { direction: 'previous' | 'next'; target: ChapterLocation | null; onClick: () => void }) {
  const isNext = direction === 'next';
  const base = 'flex min-h-14 items-center gap-3 rounded-xl border border-line px-4 py-2 text-sm transition-colors';
  if (!target) {
    return (
      <button type="button" disabled className={`${base} cursor-not-allowed text-muted opacity-70 ${isNext ? 'justify-end text-right' : ''}`}>
        {isNext ? 'No next chapter' : 'No previous chapter'}
      </button>
    );
  }
  return (
    <button type="button" onClick={onClick} className={`${base} bg-surface hover:border-accent/50 hover:bg-raised ${isNext ? 'justify-end text-right' : ''}`}>
      {!isNext && <ChevronLeft className="shrink-0 text-muted" />}
      <span className="grid">
        <span className="text-xs text-muted">{isNext ? 'Next' : 'Previous'}</span>
        <span className="font-medium">
          {target.bookName} {target.chapter}
        </span>
      </span>
      {isNext && <ChevronRight className="shrink-0 text-muted" />}
    </button>
  );
}

function VerseList({
  verses,
  selectedVerse,
  selectedEnd,
  flashVerse,
  wordsOfJesus,
  onSelectVerse,
  onOpenPopup,
  marks,
}: PassageProps & { verses: Array<{ number: number; text: string }> }) {
  const pressRef = useRef<{ detector: LongPressDetector; verse: { number: number; text: string } | null } | null>(null);
  if (!pressRef.current) {
    const holder: { detector: LongPressDetector; verse: { number: number; text: string } | null } = {
      verse: null,
      detector: new LongPressDetector({
        onLongPress: (point) => {
          if (holder.verse) {
            navigator.vibrate?.(10);
            onOpenPopupRef.current(holder.verse.number, holder.verse.text, point);
          }
        },
      }),
    };
    pressRef.current = holder;
  }
  const onOpenPopupRef = useRef(onOpenPopup);
  onOpenPopupRef.current = onOpenPopup;
  useEffect(() => () => pressRef.current?.detector.cancel(), []);

  const touchStart = (v: { number: number; text: string }) => (e: ReactTouchEvent) => {
    const t = e.touches[0];
    if (!t || e.touches.length > 1) return pressRef.current!.detector.cancel();
    pressRef.current!.verse = v;
    pressRef.current!.detector.start(t.clientX, t.clientY);
  };
  const touchMove = (e: ReactTouchEvent) => {
    const t = e.touches[0];
    if (t) pressRef.current!.detector.move(t.clientX, t.clientY);
  };
  const touchEnd = () => pressRef.current!.detector.end();

  const contextMenu = (v: { number: number; text: string }) => (e: ReactMouseEvent<HTMLElement>) => {
    e.preventDefault();
    pressRef.current!.detector.cancel();
    let { clientX: x, clientY: y } = e;
    if (x === 0 && y === 0) {
      // Keyboard context-menu key: open beside the verse.
      const r = e.currentTarget.getBoundingClientRect();
      x = r.left + 24;
      y = r.top + 8;
    }
    onOpenPopup(v.number, v.text, { x, y });
  };

  return (
    <ol className="scripture grid gap-1.5 text-ink" aria-label="Verses">
      {verses.map((v) => {
        const mark = marks?.get(v.number);
        const selected = selectedVerse !== null && (v.number === selectedVerse || (selectedEnd != null && v.number > selectedVerse && v.number <= selectedEnd));
        return (
          // Clicking anywhere on a verse is a pointer shortcut; from the keyboard its number is a button (Enter) and Shift+F10 opens the popup.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
          <li
            key={v.number}
            id={`verse-${v.number}`}
            data-verse={v.number}
            data-highlight={mark?.color ?? undefined}
            data-note={mark?.note || undefined}
            data-bookmark={mark?.bookmark || undefined}
            onClick={(e) => {
              if (pressRef.current?.detector.fired) {
                pressRef.current.detector.fired = false;
                e.preventDefault();
                return;
              }
              onSelectVerse(v.number, v.text, e.detail === 0);
            }}
            onContextMenu={contextMenu(v)}
            onTouchStart={touchStart(v)}
            onTouchMove={touchMove}
            onTouchEnd={touchEnd}
            onTouchCancel={touchEnd}
            className={[
              'verse -mx-3 cursor-pointer scroll-my-24 px-3 py-0.5 [-webkit-touch-callout:none]',
              selected ? 'bg-accent-soft shadow-[inset_3px_0_0_var(--c-accent)]' : 'hover:bg-raised/60',
              flashVerse === v.number ? 'verse-flash' : '',
            ].join(' ')}
          >
            <sup className="mr-1 align-super font-sans text-[0.65em] font-semibold text-accent">
              <button type="button" aria-label={`Highlight verse ${v.number}`} aria-pressed={selected} className="rounded px-0.5 tabular-nums outline-offset-1">
                {v.number}
              </button>
            </sup>
            <VerseText text={v.text} spans={wordsOfJesus?.get(v.number)} />
            {mark && (
              // Said to screen readers here; drawn by index.css (.verse-marks) from the data attributes.
              <>
                <span className="sr-only">
                  {' '}
                  ({[mark.color && `highlighted ${mark.color}`, mark.note && 'has a note', mark.bookmark && 'bookmarked'].filter(Boolean).join(', ')})
                </span>
                <span className="verse-marks" aria-hidden="true" />
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A verse's text, the words of Jesus in their own spans (coloured by .words-of-jesus) when given. */
function VerseText({ text, spans }: { text: string; spans: ReadonlyArray<readonly [number, number]> | undefined }) {
  if (!spans || spans.length === 0) return <span>{text}</span>;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [from, to] of spans) {
    const start = Math.max(at, from);
    const end = Math.min(text.length, to);
    if (end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <span key={start} className="words-of-jesus">
        {text.slice(start, end)}
      </span>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <span>{parts}</span>;
}
