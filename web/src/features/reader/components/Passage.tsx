import {
  Fragment,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type TouchEvent as ReactTouchEvent,
} from 'react';
import type { ChapterSection } from '@lectio/contracts/bible-api';
import type { ChapterLocation } from '@lectio/contracts/navigation';
import type { Verse } from '@lectio/contracts/verses';
import { ChevronLeft, ChevronRight } from '../../../components/icons';
import { useVersePerLine } from '../../../lib/versePerLine';
import type { VerseMarks } from './readerSlots';
import { chapterLayout, type VersePiece } from '../state/chapterLayout';
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
  /** The verse being read aloud (Listen), marked and kept in view. */
  readingVerse?: number | null;
  /** The translation's full name ('World English Bible'), for the note that our headings are ours. */
  translationName: string;
  /** Beside the chapter's title: the Listen control. */
  headerActions?: ReactNode;
  /** Another way to show the verses (side by side), instead of the chapter's paragraphs. */
  renderVerses?: (verses: Verse[]) => ReactNode;
  /** A wider page, for two columns. */
  wide?: boolean;
}

export function Passage(props: PassageProps) {
  const { state, bookName, chapter } = props;
  const title = state.status === 'ready' ? state.data.chapterTitle : null;
  const name = state.status === 'ready' ? state.data.bookName || bookName : bookName;

  return (
    <article
      className={`mx-auto w-full ${props.wide ? 'max-w-[64rem]' : 'max-w-[42rem]'} px-5 pb-40 pt-8 sm:px-8 sm:pt-12`}
      aria-labelledby="chapter-heading"
    >
      <header className="mb-8 text-center">
        <h1 id="chapter-heading" className="font-serif text-ink">
          <span className="block text-sm font-sans font-semibold uppercase tracking-[0.25em] text-accent">{name}</span>
          <span className="sr-only"> </span>
          <span className="mt-1 block text-5xl font-semibold tabular-nums">{chapter}</span>
        </h1>
        {title && <p className="mt-3 font-serif text-lg italic text-muted">{title}</p>}
        {props.headerActions}
      </header>

      {state.status === 'loading' && (
        // A viewport tall: the chapter navigation waits below the fold instead of jumping down when the text arrives.
        <div role="status" aria-label="Loading chapter" className="grid min-h-[100svh] content-start gap-3">
          {Array.from({ length: 10 }, (_, i) => (
            <span
              key={i}
              className="skeleton h-5"
              style={{ width: `${[100, 94, 97, 88, 100, 91, 96, 85, 99, 70][i]}%` }}
            />
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
          (props.renderVerses?.(state.data.verses) ?? (
            <VerseList {...props} verses={state.data.verses} sections={state.data.sections ?? []} />
          ))
        ))}

      <nav aria-label="Chapter navigation" className="mt-14 grid grid-cols-2 gap-3 border-t border-line pt-6">
        <ChapterButton direction="previous" target={props.previous} onClick={props.onPrevious} />
        <ChapterButton direction="next" target={props.next} onClick={props.onNext} />
      </nav>
    </article>
  );
}

function ChapterButton({
  direction,
  target,
  onClick,
}: {
  direction: 'previous' | 'next';
  target: ChapterLocation | null;
  onClick: () => void;
}) {
  const isNext = direction === 'next';
  const base = 'flex min-h-14 items-center gap-3 rounded-xl border border-line px-4 py-2 text-sm transition-colors';
  if (!target) {
    return (
      <button
        type="button"
        disabled
        className={`${base} cursor-not-allowed text-muted opacity-70 ${isNext ? 'justify-end text-right' : ''}`}
      >
        {isNext ? 'No next chapter' : 'No previous chapter'}
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      className={`${base} bg-surface hover:border-accent/50 hover:bg-raised ${isNext ? 'justify-end text-right' : ''}`}
    >
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

/** Letters for the chapter's footnote marks, in order: a, b, ... z, aa, ab ... */
function noteLetter(n: number): string {
  return n < 26 ? String.fromCharCode(97 + n) : noteLetter(Math.floor(n / 26) - 1) + String.fromCharCode(97 + (n % 26));
}

/** The verse an event happened in (a verse's piece carries data-verse), unless it was on a footnote mark. */
function verseAt(target: EventTarget | null): { number: number; element: HTMLElement } | null {
  if (!(target instanceof Element) || target.closest('[data-footnote]')) return null;
  const element = target.closest<HTMLElement>('[data-verse]');
  const number = element ? Number(element.dataset.verse) : NaN;
  return element && Number.isInteger(number) ? { number, element } : null;
}

/**
 * A verse's pointer and keyboard behaviour, for a container of verses (each element of a verse
 * carries data-verse): a click selects it (Enter on its number too), a right-click, a 750 ms long
 * press or the context-menu key opens the navigation popup there.
 */
export function useVerseEvents({
  onSelectVerse,
  onOpenPopup,
  textOf,
}: Pick<PassageProps, 'onSelectVerse' | 'onOpenPopup'> & { textOf(verse: number): string }) {
  const pressRef = useRef<{ detector: LongPressDetector; verse: number | null } | null>(null);
  const onOpenPopupRef = useRef(onOpenPopup);
  onOpenPopupRef.current = onOpenPopup;
  const textOfRef = useRef(textOf);
  textOfRef.current = textOf;
  if (!pressRef.current) {
    const holder: { detector: LongPressDetector; verse: number | null } = {
      verse: null,
      detector: new LongPressDetector({
        onLongPress: (point) => {
          if (holder.verse !== null) {
            navigator.vibrate?.(10);
            onOpenPopupRef.current(holder.verse, textOfRef.current(holder.verse), point);
          }
        },
      }),
    };
    pressRef.current = holder;
  }
  useEffect(() => () => pressRef.current?.detector.cancel(), []);
  const press = pressRef.current;

  const touchEnd = () => press.detector.end();
  return {
    onTouchStart: (e: ReactTouchEvent) => {
      const t = e.touches[0];
      const at = verseAt(e.target);
      if (!t || e.touches.length > 1 || !at) return press.detector.cancel();
      press.verse = at.number;
      press.detector.start(t.clientX, t.clientY);
    },
    onTouchMove: (e: ReactTouchEvent) => {
      const t = e.touches[0];
      if (t) press.detector.move(t.clientX, t.clientY);
    },
    onTouchEnd: touchEnd,
    onTouchCancel: touchEnd,
    onContextMenu: (e: ReactMouseEvent<HTMLElement>) => {
      const at = verseAt(e.target);
      if (!at) return;
      e.preventDefault();
      press.detector.cancel();
      let { clientX: x, clientY: y } = e;
      if (x === 0 && y === 0) {
        // Keyboard context-menu key: open beside the verse.
        const r = at.element.getBoundingClientRect();
        x = r.left + 24;
        y = r.top + 8;
      }
      onOpenPopup(at.number, textOf(at.number), { x, y });
    },
    onClick: (e: ReactMouseEvent<HTMLElement>) => {
      if (press.detector.fired) {
        press.detector.fired = false;
        e.preventDefault();
        return;
      }
      const at = verseAt(e.target);
      if (at) onSelectVerse(at.number, textOf(at.number), e.detail === 0);
    },
  };
}

function VerseList({
  verses,
  sections,
  selectedVerse,
  selectedEnd,
  flashVerse,
  readingVerse,
  wordsOfJesus,
  onSelectVerse,
  onOpenPopup,
  marks,
  translationName,
}: PassageProps & { verses: Verse[]; sections: ChapterSection[] }) {
  const [versePerLine] = useVersePerLine();
  const blocks = useMemo(
    () => chapterLayout(verses, sections, versePerLine === 'on'),
    [verses, sections, versePerLine],
  );
  // Each verse's footnote letters, in the chapter's order.
  const letters = useMemo(() => {
    const out = new Map<number, string[]>();
    let n = 0;
    for (const v of verses)
      if (v.notes?.length)
        out.set(
          v.number,
          v.notes.map(() => noteLetter(n++)),
        );
    return out;
  }, [verses]);
  const textOf = (n: number) => verses.find((v) => v.number === n)?.text ?? '';
  const events = useVerseEvents({ onSelectVerse, onOpenPopup, textOf });

  const piece = ({ verse: v, from, to, first }: VersePiece) => {
    const mark = marks?.get(v.number);
    const selected =
      selectedVerse !== null &&
      (v.number === selectedVerse || (selectedEnd != null && v.number > selectedVerse && v.number <= selectedEnd));
    return (
      <span
        key={`${v.number}:${from}`}
        id={first ? `verse-${v.number}` : undefined}
        data-verse={v.number}
        data-highlight={mark?.color ?? undefined}
        data-note={mark?.note || undefined}
        data-bookmark={mark?.bookmark || undefined}
        data-reading={readingVerse === v.number || undefined}
        className={[
          'verse cursor-pointer scroll-my-24 [-webkit-touch-callout:none]',
          selected ? 'verse-selected bg-accent-soft' : 'hover:bg-raised/60',
          flashVerse === v.number ? 'verse-flash' : '',
        ].join(' ')}
      >
        {first && (
          <sup className="verse-number">
            <button
              type="button"
              aria-label={`Highlight verse ${v.number}`}
              aria-pressed={selected}
              className="rounded px-0.5 tabular-nums outline-offset-1"
            >
              {v.number}
            </button>
          </sup>
        )}
        <VerseText
          text={v.text}
          from={from}
          to={to}
          spans={wordsOfJesus?.get(v.number)}
          notes={v.notes}
          letters={letters.get(v.number)}
        />
        {first && mark && (
          // Said to screen readers here; drawn by index.css (.verse-marks) from the data attributes.
          <>
            <span className="sr-only">
              {' '}
              (
              {[mark.color && `highlighted ${mark.color}`, mark.note && 'has a note', mark.bookmark && 'bookmarked']
                .filter(Boolean)
                .join(', ')}
              )
            </span>
            <span className="verse-marks" aria-hidden="true" />
          </>
        )}
      </span>
    );
  };

  const hasHeadings = sections.length > 0;
  return (
    <>
      {/* Clicking anywhere on a verse is a pointer shortcut; from the keyboard its number is a button (Enter) and Shift+F10 opens the popup. */}
      <div className={`scripture text-ink ${versePerLine === 'on' ? 'verse-per-line' : ''}`} {...events}>
        {blocks.map((b, i) => {
          const pieces = b.pieces.flatMap((p, k) => (k === 0 ? [piece(p)] : [' ', piece(p)]));
          const Block = b.kind === 'prose' ? 'p' : 'div';
          return (
            <Fragment key={i}>
              {b.heading && (
                <h2 className="section-heading" aria-describedby="headings-note">
                  {b.heading}
                </h2>
              )}
              {b.title && <p className="psalm-title">{b.title}</p>}
              {b.pieces.length > 0 && (
                <Block
                  className={[
                    b.kind === 'prose' ? 'para' : b.kind === 'selah' ? 'line selah' : `line line-${b.level}`,
                    b.gap ? 'gap' : '',
                  ].join(' ')}
                >
                  {pieces}
                </Block>
              )}
            </Fragment>
          );
        })}
      </div>
      {hasHeadings && (
        <p id="headings-note" className="mt-8 text-xs text-muted">
          Section headings are Lectio&rsquo;s own, not part of the {translationName}.
        </p>
      )}
    </>
  );
}

/**
 * The words [from, to) of a verse: the words of Jesus in their own spans (coloured by
 * .words-of-jesus) when given, and the translators' footnotes as marks in place.
 */
function VerseText({
  text,
  from,
  to,
  spans,
  notes,
  letters,
}: {
  text: string;
  from: number;
  to: number;
  spans: ReadonlyArray<readonly [number, number]> | undefined;
  notes: Verse['notes'];
  letters: readonly string[] | undefined;
}) {
  const noteList = (notes ?? []).map(([at, note], i) => ({ at, note, letter: letters?.[i] ?? '*' }));
  // A note belongs to the piece whose words it follows.
  const mine = noteList.filter((n) => (n.at > from && n.at <= to) || (n.at === 0 && from === 0));
  const intervals: Array<{ a: number; b: number; red: boolean }> = [];
  let at = from;
  for (const [s, e] of spans ?? []) {
    const start = Math.max(at, s, from);
    const end = Math.min(to, e);
    if (end <= start) continue;
    if (start > at) intervals.push({ a: at, b: start, red: false });
    intervals.push({ a: start, b: end, red: true });
    at = end;
  }
  if (at < to || intervals.length === 0) intervals.push({ a: at, b: to, red: false });
  const render = (a: number, b: number, first: boolean): ReactNode[] => {
    const out: ReactNode[] = [];
    let pos = a;
    for (const n of mine) {
      if (!((n.at > a && n.at <= b) || (first && n.at === a))) continue;
      if (n.at > pos) out.push(text.slice(pos, n.at));
      out.push(<Footnote key={`n${n.at}:${n.letter}`} letter={n.letter} text={n.note} />);
      pos = n.at;
    }
    if (pos < b) out.push(text.slice(pos, b));
    return out;
  };
  return (
    <span>
      {intervals.map((iv, i) =>
        iv.red ? (
          <span key={i} className="words-of-jesus">
            {render(iv.a, iv.b, i === 0)}
          </span>
        ) : (
          <Fragment key={i}>{render(iv.a, iv.b, i === 0)}</Fragment>
        ),
      )}
    </span>
  );
}

/**
 * A translators' footnote: a small lettered mark (drawn by CSS, so the verse's text stays the
 * verse's) that opens the note in place, right after it; Escape or the mark again closes it.
 */
function Footnote({ letter, text }: { letter: string; text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  // No wrapping element: the verse's own spans stay its last ones (a click on them selects the verse).
  return (
    <>
      <button
        type="button"
        data-footnote=""
        className="footnote-mark"
        data-letter={letter}
        aria-label={`Footnote ${letter}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {open && (
        <span id={id} data-footnote="" role="note" className="footnote-text">
          {text}
        </span>
      )}
    </>
  );
}
