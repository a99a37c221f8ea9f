import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { toast } from '../../../components/toast';
import { ChatIcon, CloseIcon } from '../../../components/icons';
import { type MenuAction } from '../../../components/ActionMenu';
import { useColumnFits } from '../hooks/useColumnFits';
import { verseCitation, verseLink } from '../state/verseShare';
import { selectedVerseAtom, studyVerseAtom, type SelectedVerse } from '../state/atoms';
import type { ReaderSlots } from './readerSlots';

/** The width the whole bar needs (every action a button); below it, the compact bar. */
const FULL_BAR_PX = 760;
/** The reader's text column, which holds the bar (ReaderPage's <main>). */
const TEXT_COLUMN_ID = 'main';
const buttonClass =
  'inline-flex h-9 shrink-0 items-center gap-1.5 whitespace-nowrap rounded-lg px-2 text-sm font-medium sm:px-3 hover:bg-raised focus-visible:outline focus-visible:outline-2 focus-visible:outline-accent';

/**
 * What a reader does with a verse they clicked: copy it, copy a link to it, highlight it, write a note
 * on it, bookmark it, study it or ask about it. The
 * verse is the reader's selected verse (one source of truth); shown once it is `verseNumber`.
 */
export function VerseActions({
  verseNumber,
  ...rest
}: {
  verseNumber: number;
  /** The last verse of a marked range starting at the verse (a searched '1 Cor 13:4-7'): highlights, notes and bookmarks cover it. */
  rangeEnd?: number | null;
  onClose(): void;
  takeFocus?: boolean;
  /** The notes feature's highlight, note and bookmark buttons, around Study and Ask. */
  NoteActions: ReaderSlots['NoteActions'];
  /** Opens the Scripture Assistant (about the selected verse). */
  onAsk(): void;
}) {
  const verse = useAtomValue(selectedVerseAtom);
  return verse?.verse === verseNumber ? <Actions verse={verse} {...rest} /> : null;
}

function Actions({
  verse,
  rangeEnd = null,
  onClose,
  takeFocus = false,
  NoteActions,
  onAsk,
}: {
  verse: SelectedVerse;
  rangeEnd?: number | null;
  onClose(): void;
  takeFocus?: boolean;
  NoteActions: ReaderSlots['NoteActions'];
  onAsk(): void;
}) {
  const toolbar = useRef<HTMLDivElement>(null);
  // In a narrow text column (a phone, or beside a docked panel) what does not fit goes into the More actions menu (NoteActions).
  const compact = !useColumnFits(TEXT_COLUMN_ID, FULL_BAR_PX);
  const shown = `${verse.bookName} ${verse.chapter}:${verse.verse}${rangeEnd ? `-${rangeEnd}` : ''}`;
  const study = useSetAtom(studyVerseAtom);
  const first = useRef<HTMLButtonElement>(null);
  // A verse chosen from the keyboard moves focus here (otherwise the bar is a whole chapter of Tabs
  // away); closing with Escape returns it to that verse.
  const origin = useRef<Element | null>(null);
  useEffect(() => {
    if (!takeFocus) return;
    origin.current = document.activeElement;
    first.current?.focus();
  }, [takeFocus, verse.verse]);
  const close = useCallback(() => {
    // Focus inside the bar (opened from the keyboard, or tabbed into) must not fall to <body> when
    // the bar goes: it returns to the verse. The verse's button is looked up again if the one that
    // opened the bar was re-rendered away.
    const active = document.activeElement;
    const focusWasHere =
      !!toolbar.current && (toolbar.current.contains(active) || active === document.body || active === null);
    onClose();
    if (!focusWasHere) return;
    const back =
      origin.current instanceof HTMLElement && origin.current.isConnected && !toolbar.current?.contains(origin.current)
        ? origin.current
        : document.querySelector<HTMLElement>(`#verse-${verse.verse} button`);
    back?.focus();
  }, [onClose, verse.verse]);

  // The bar sits at the bottom of the text column: a verse clicked under it is scrolled up into view.
  useEffect(() => {
    const bar = toolbar.current?.getBoundingClientRect();
    const shownVerse = document.getElementById(`verse-${verse.verse}`)?.getBoundingClientRect();
    if (bar && shownVerse && shownVerse.bottom > bar.top - 8)
      window.scrollBy({ top: shownVerse.bottom - bar.top + 16 });
  }, [verse.verse]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('[role="dialog"]')) close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);

  const copy = async (text: string, title: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title, description: `${verse.bookName} ${verse.chapter}:${verse.verse}` });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Your browser did not allow copying. Select the text and copy it instead.',
        variant: 'destructive',
      });
    }
  };

  const copyItems: MenuAction[] = [
    { id: 'copy', label: 'Copy', textValue: 'Copy', onAction: () => void copy(verseCitation(verse), 'Verse copied') },
    {
      id: 'copy-link',
      label: 'Copy link',
      textValue: 'Copy link',
      onAction: () => void copy(verseLink(window.location.origin, verse), 'Link copied'),
    },
  ];

  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={`Verse actions for ${shown}`}
      // Within the text column (ReaderPage puts it at the end of <main>), held at the bottom of the
      // window; on phones above the chat button.
      className="sticky bottom-24 z-20 mx-auto mb-4 flex w-fit max-w-[calc(100%-1rem)] items-center gap-0.5 overflow-x-auto rounded-xl border border-line bg-surface p-1 text-ink shadow-lg shadow-black/10 md:bottom-4 sm:gap-1"
    >
      <span className="min-w-0 truncate whitespace-nowrap px-2 text-sm font-semibold text-accent">{shown}</span>
      {!compact && (
        <>
          <button
            ref={first}
            type="button"
            className={buttonClass}
            onClick={() => void copy(verseCitation(verse), 'Verse copied')}
          >
            Copy
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => void copy(verseLink(window.location.origin, verse), 'Link copied')}
          >
            Copy link
          </button>
        </>
      )}
      <Suspense fallback={null}>
        <NoteActions
          target={{ ...verse, verseEnd: rangeEnd }}
          buttonClass={buttonClass}
          more={compact ? copyItems : undefined}
        >
          <button
            ref={compact ? first : undefined}
            type="button"
            className={buttonClass}
            onClick={() => {
              study(verse);
              onClose();
            }}
          >
            Study
          </button>
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              onAsk();
              onClose();
            }}
          >
            <ChatIcon width={16} height={16} aria-hidden="true" className="max-sm:hidden" /> Ask
          </button>
        </NoteActions>
      </Suspense>
      <button
        type="button"
        aria-label="Close verse actions"
        className={`${buttonClass} px-2 text-muted`}
        onClick={close}
      >
        <CloseIcon width={16} height={16} />
      </button>
    </div>
  );
}
