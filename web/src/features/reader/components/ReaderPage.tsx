import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { findBook } from '@lectio/contracts/books';
import { nextChapter, previousChapter } from '@lectio/contracts/navigation';
import { Header } from '../../../components/Header';
import { tutorialOpenAtom, tutorialSeen } from '../../../components/tutorialState';
import { CheckIcon } from '../../../components/icons';
import { AssistantLauncher, AssistantPanel, AssistantSkipLink } from '../../assistant';
import { TrialBanner } from '../../billing';
import { TodayReadingSlot } from '../../plans';
import { chapterNotesAtom, useChapterNotes, verseMarks } from '../../notes';
import { prefetchChapter } from '../api/chapters';
import { bundleLoadingAtom, ensureBundle, isFullyCached } from '../offline/bundleDownload';
import { lastPosition, namesNoPosition, saveLastPosition } from '../state/lastPosition';
import { correctedReaderHref, parseReaderSearch, parseTranslation, readerHref, type ReaderPosition } from '../state/readerUrl';
import { NavigationPanel } from './NavigationPanel';
import { NavigationPickers } from './NavigationPickers';
import { Passage } from './Passage';
import { SearchBox, type SearchTarget } from './SearchBox';
import { chapterKey, describeTarget } from '../state/shortcuts';
import { verseScrollTop } from '../state/verseScroll';
import { selectedVerseAtom, studyVerseAtom, type SelectedVerse } from '../state/atoms';
import { TextSizeSwitch } from './TextSizeSwitch';
import { TranslationSwitch } from './TranslationSwitch';
import { useChapter } from '../hooks/useChapter';
import { useMediaQuery } from '../hooks/useMediaQuery';
import { useWordsOfJesus } from '../hooks/useWordsOfJesus';
import { RedLetterSwitch } from './RedLetterSwitch';

// The popup (react-aria Modal/Dialog) is fetched when first opened.
const NavigationPopup = lazy(() => import('./NavigationPopup'));
// The verse toolbar (copy, link, highlight, note, bookmark, study, ask) loads with the first verse clicked.
const VerseActions = lazy(() => import('./VerseActions').then((m) => ({ default: m.VerseActions })));
// The study panel's code loads when a reader first opens it, not with the reader.
const StudyPanel = lazy(() => import('./StudyPanel'));

const PANEL_ID = 'reader-navigation';
/** Around the billing banner above the passage, which a scroll to a verse must not leave half under the header. */
const BANNER_SLOT_ID = 'reader-banner';
const WIDE_QUERY = '(min-width: 1025px)';
const BUNDLE_DELAY_MS = 2000;
const VERSE_SCROLL_DELAY_MS = 100;
const VERSE_FLASH_MS = 1000;

const sameVerse = (a: SelectedVerse, b: SelectedVerse) =>
  a.book === b.book && a.chapter === b.chapter && a.verse === b.verse && a.translation === b.translation && a.text === b.text && a.bookName === b.bookName;

/** The position /home with this query string shows: the one asked for, else where the reader stopped. */
function positionAt(search: string): ReaderPosition {
  const resume = namesNoPosition(search) ? lastPosition(window.localStorage) : null;
  const asked = new URLSearchParams(search).get('translation');
  return resume ? (asked ? { ...resume, translation: parseTranslation(asked) } : resume) : parseReaderSearch(search);
}

/** Requests the chapter /home will show (App.tsx, once this code has arrived); the first render shares the request. */
export function warm(): void {
  const pos = positionAt(window.location.search);
  if (findBook(pos.book)) prefetchChapter(pos.translation, pos.book, pos.chapter);
}

/** /home without a book resumes where the reader stopped (Matthew 1 the first time). */
export default function ReaderRoute() {
  const { search } = useLocation();
  const resume = namesNoPosition(search) ? lastPosition(window.localStorage) : null;
  if (resume) {
    const asked = new URLSearchParams(search).get('translation');
    return <Navigate replace to={readerHref(asked ? { ...resume, translation: parseTranslation(asked) } : resume)} />;
  }
  return <ReaderPage />;
}

function ReaderPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const pos = useMemo(() => parseReaderSearch(location.search), [location.search]);
  const posRef = useRef(pos);
  posRef.current = pos;
  const book = findBook(pos.book)!;
  const state = useChapter(pos.translation, pos.book, pos.chapter);
  const wordsOfJesus = useWordsOfJesus(pos.translation, pos.book, pos.chapter);
  const ready = state.status === 'ready';
  const verses = state.status === 'ready' ? state.data.verses : state.status === 'error' ? [] : null;
  const bookName = state.status === 'ready' && state.data.bookName ? state.data.bookName : book.name;
  const previous = previousChapter(pos.book, pos.chapter);
  const next = nextChapter(pos.book, pos.chapter);

  // ---- panel: open by default above 1024 px, auto-open/close when crossing it
  const wide = useMediaQuery(WIDE_QUERY);
  const [panelOpen, setPanelOpen] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => setPanelOpen(wide), [wide]);
  const closePanel = useCallback(() => setPanelOpen(false), []);

  // ---- popup, tutorial
  const [popupAt, setPopupAt] = useState<{ x: number; y: number } | null>(null);
  const [tutorialOpen, setTutorialOpen] = useAtom(tutorialOpenAtom);
  useEffect(() => {
    if (!tutorialSeen()) setTutorialOpen(true);
  }, [setTutorialOpen]);

  useEffect(() => saveLastPosition(window.localStorage, pos), [pos]);
  // A corrected position (Jude 9 is shown as Jude 1) replaces the address: the URL says what is shown.
  useEffect(() => {
    const corrected = correctedReaderHref(location.search);
    if (corrected) navigate(corrected, { replace: true });
  }, [location.search, navigate]);

  // ---- navigation (every position is a URL; history entries make the back button work)
  const [jumpSeq, setJumpSeq] = useState(0);
  const skipScrollFor = useRef<string | null>(null);
  const go = useCallback(
    (change: Partial<ReaderPosition>, opts: { replace?: boolean } = {}) => {
      const target = { ...posRef.current, ...change };
      navigate(readerHref(target), { replace: opts.replace });
    },
    [navigate],
  );
  const goBook = (id: string) => go({ book: id, chapter: 1, verse: null });
  // The spec: a chapter picked in the panel starts at verse 1; one picked in the popup clears it.
  const goChapter = (chapter: number, verse: 1 | null) => go({ chapter, verse });
  const goVerse = (verse: number) => {
    setJumpSeq((n) => n + 1);
    go({ verse });
  };
  const goPrevious = useCallback(() => {
    const p = previousChapter(posRef.current.book, posRef.current.chapter);
    if (p) go({ book: p.bookId, chapter: p.chapter, verse: 1 });
  }, [go]);
  const goNext = useCallback(() => {
    const n = nextChapter(posRef.current.book, posRef.current.chapter);
    if (n) go({ book: n.bookId, chapter: n.chapter, verse: 1 });
  }, [go]);
  // A searched range ('1 Cor 13:4-7') stays marked while the reader stays on its first verse.
  const [searchRange, setSearchRange] = useState<{ key: string; end: number } | null>(null);
  const goSearch = (t: SearchTarget) => {
    setJumpSeq((n) => n + 1);
    setSearchRange(t.verse !== null && t.verseEnd !== null && t.verseEnd > t.verse ? { key: `${t.book}:${t.chapter}:${t.verse}`, end: t.verseEnd } : null);
    go({ book: t.book, chapter: t.chapter, verse: t.verse });
    if (!wide) setPanelOpen(false);
  };
  const selectedEnd = searchRange && searchRange.key === `${pos.book}:${pos.chapter}:${pos.verse}` ? searchRange.end : null;

  // Clicking a verse highlights it (and records it in the URL without scrolling) and offers its actions.
  const [actionVerse, setActionVerse] = useState<number | null>(null);
  const [actionsFocus, setActionsFocus] = useState(false);
  const closeActions = useCallback(() => setActionVerse(null), []);
  useEffect(() => setActionVerse(null), [pos.book, pos.chapter, pos.translation]);
  const selectVerse = (verse: number, _text?: string, viaKeyboard = false) => {
    setActionVerse(verse);
    setActionsFocus(viaKeyboard);
    const p = posRef.current;
    skipScrollFor.current = `${p.book}:${p.chapter}:${verse}`;
    if (p.verse !== verse) go({ verse }, { replace: true });
  };

  // ---- the selected verse, for the assistant
  const setSelected = useSetAtom(selectedVerseAtom);
  useEffect(() => {
    if (pos.verse === null || state.status !== 'ready') {
      setSelected(null);
      return;
    }
    const v = state.data.verses.find((x) => x.number === pos.verse);
    const next = v ? { book: pos.book, bookName, chapter: pos.chapter, verse: v.number, text: v.text, translation: pos.translation } : null;
    // Keep the same object when nothing changed, so the assistant does not re-render on every reader render.
    setSelected((prev) => (prev && next && sameVerse(prev, next) ? prev : next));
  }, [pos.book, pos.chapter, pos.verse, pos.translation, state, bookName, setSelected]);

  // ---- scrolling: a new chapter starts at the top; a chosen verse is centred and flashed
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pos.book, pos.chapter]);

  const [flashVerse, setFlashVerse] = useState<number | null>(null);
  useEffect(() => {
    if (pos.verse === null || !ready) return;
    const key = `${pos.book}:${pos.chapter}:${pos.verse}`;
    if (skipScrollFor.current === key) {
      skipScrollFor.current = null;
      return;
    }
    const verse = pos.verse;
    let flashTimer: ReturnType<typeof setTimeout> | undefined;
    const scrollTimer = setTimeout(() => {
      const el = document.getElementById(`verse-${verse}`);
      if (!el) {
        console.warn(`Verse element not found: verse-${verse}`);
        return;
      }
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const at = (r: DOMRect) => ({ top: r.top + window.scrollY, bottom: r.bottom + window.scrollY });
      const verseBox = el.getBoundingClientRect();
      const banner = document.getElementById(BANNER_SLOT_ID)?.getBoundingClientRect();
      const top = verseScrollTop({
        verseTop: at(verseBox).top,
        verseHeight: verseBox.height,
        viewportHeight: window.innerHeight,
        headerHeight: document.querySelector('header')?.getBoundingClientRect().height ?? 0,
        bannerTop: banner ? at(banner).top : 0,
        bannerBottom: banner ? at(banner).bottom : 0,
      });
      window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
      setFlashVerse(verse);
      flashTimer = setTimeout(() => setFlashVerse(null), VERSE_FLASH_MS);
    }, VERSE_SCROLL_DELAY_MS);
    return () => {
      clearTimeout(scrollTimer);
      if (flashTimer) {
        clearTimeout(flashTimer);
        setFlashVerse(null);
      }
    };
  }, [pos.book, pos.chapter, pos.verse, ready, jumpSeq]);

  // ---- prefetch neighbours; keep the whole translation offline (once, 2 s after reading starts)
  useEffect(() => {
    if (!ready) return;
    if (previous) prefetchChapter(pos.translation, previous.bookId, previous.chapter);
    if (next) prefetchChapter(pos.translation, next.bookId, next.chapter);
  }, [ready, pos.translation, previous?.bookId, previous?.chapter, next?.bookId, next?.chapter]); // eslint-disable-line react-hooks/exhaustive-deps

  // ---- the reader's own highlights, notes and bookmarks on this chapter
  useChapterNotes(pos.book, pos.chapter);
  const chapterNotes = useAtomValue(chapterNotesAtom);
  const marks = useMemo(() => verseMarks(chapterNotes), [chapterNotes]);

  const bundleLoading = useAtomValue(bundleLoadingAtom);
  const studying = useAtomValue(studyVerseAtom) !== null;
  const [offlineReady, setOfflineReady] = useState(() => isFullyCached(pos.translation));
  useEffect(() => {
    if (!ready) return;
    const t = setTimeout(() => void ensureBundle(pos.translation), BUNDLE_DELAY_MS);
    return () => clearTimeout(t);
  }, [ready, pos.translation]);
  useEffect(() => setOfflineReady(isFullyCached(pos.translation)), [bundleLoading, pos.translation]);

  // ---- keyboard: ArrowLeft/[ and ArrowRight/] turn the chapter when focus is not in a field
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (popupAt || tutorialOpen) return;
      const which = chapterKey(e, describeTarget(e.target));
      if (!which) return;
      e.preventDefault();
      if (which === 'previous') goPrevious();
      else goNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goPrevious, goNext, popupAt, tutorialOpen]);

  useEffect(() => {
    document.title = `${bookName} ${pos.chapter} · Lectio`;
    return () => {
      document.title = 'Lectio';
    };
  }, [bookName, pos.chapter]);

  const pickers = (idPrefix: 'panel' | 'popup', after: { chapter?: () => void; verse?: () => void }) => (
    <NavigationPickers
      idPrefix={idPrefix}
      book={pos.book}
      chapter={pos.chapter}
      verse={pos.verse}
      verses={verses}
      onBook={goBook}
      onChapter={(c) => {
        goChapter(c, idPrefix === 'panel' ? 1 : null);
        after.chapter?.();
      }}
      onVerse={(v) => {
        goVerse(v);
        after.verse?.();
      }}
    />
  );

  return (
    <div className="min-h-dvh">
      <AssistantSkipLink />
      <Header menu={{ open: panelOpen, onToggle: () => setPanelOpen((o) => !o), controls: PANEL_ID }} />
      {/* Fixed bottom right on screen, but early in the Tab order: right after the header, not after every chapter and verse button. */}
      <AssistantLauncher />
      <AssistantPanel />
      <div className="flex">
        <NavigationPanel id={PANEL_ID} open={panelOpen || wide} wide={wide} onClose={closePanel}>
          <div className="grid gap-5">
            <TodayReadingSlot book={pos.book} chapter={pos.chapter} chapterHref={(b, c) => readerHref({ ...pos, book: b, chapter: c, verse: null })} />
            <SearchBox translation={pos.translation} onGo={goSearch} />
            <TranslationSwitch value={pos.translation} onChange={(translation) => go({ translation })} />
            {pickers('panel', { verse: () => !wide && setPanelOpen(false) })}
            <TextSizeSwitch />
            <RedLetterSwitch />
            {offlineReady && (
              <p className="flex items-center gap-1.5 text-xs text-muted">
                <CheckIcon width={14} height={14} /> Saved for offline reading
              </p>
            )}
          </div>
        </NavigationPanel>
        <main id="main" className="min-w-0 flex-1">
          <div id={BANNER_SLOT_ID}>
            <TrialBanner />
          </div>
          <Passage
            bookName={bookName}
            chapter={pos.chapter}
            state={state}
            wordsOfJesus={wordsOfJesus}
            selectedVerse={pos.verse}
            selectedEnd={selectedEnd}
            flashVerse={flashVerse}
            previous={previous}
            next={next}
            onPrevious={goPrevious}
            onNext={goNext}
            onSelectVerse={selectVerse}
            marks={marks}
            onOpenPopup={(verse, _text, point) => {
              selectVerse(verse);
              setPopupAt(point);
            }}
          />
        </main>
      </div>

      {actionVerse !== null && !popupAt && (
        <Suspense fallback={null}>
          <VerseActions verseNumber={actionVerse} rangeEnd={actionVerse === pos.verse ? selectedEnd : null} onClose={closeActions} takeFocus={actionsFocus} />
        </Suspense>
      )}

      {studying && (
        <Suspense fallback={null}>
          <StudyPanel />
        </Suspense>
      )}

      {popupAt && (
        <Suspense fallback={null}>
          <NavigationPopup at={popupAt} onClose={() => setPopupAt(null)}>
            {pickers('popup', { chapter: () => setPopupAt(null), verse: () => setPopupAt(null) })}
          </NavigationPopup>
        </Suspense>
      )}

      {bundleLoading && (
        <div
          role="status"
          className="fixed bottom-5 left-5 z-30 flex items-center gap-2 rounded-full border border-line bg-surface px-3.5 py-2 text-xs text-muted shadow-md"
        >
          <span aria-hidden="true" className="size-3 animate-spin rounded-full border-2 border-current border-t-transparent" />
          Loading Bible content...
        </div>
      )}
    </div>
  );
}
