import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { findAnyBook } from '@lectio/contracts/books';
import { nextChapter, previousChapter } from '@lectio/contracts/navigation';
import { Header } from '../../../components/Header';
import { prefetchChapter } from '../api/chapters';
import { resumePosition } from '../state/lastPosition';
import { parseReaderSearch, readerHref, TRANSLATION_CHOICES } from '../state/readerUrl';
import { useChapterKeys } from '../hooks/useChapterKeys';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useListen } from '../hooks/useListen';
import { useNavigationPanel } from '../hooks/useNavigationPanel';
import { useNavigationPopup } from '../hooks/useNavigationPopup';
import { useOfflineBundleDownload } from '../hooks/useOfflineBundle';
import { OfflineStatus } from './OfflineStatus';
import { usePrefetchNeighbours } from '../hooks/usePrefetchNeighbours';
import { useReaderNavigation } from '../hooks/useReaderNavigation';
import { useReaderPosition } from '../hooks/useReaderPosition';
import { useSelectedVerse } from '../hooks/useSelectedVerse';
import { useShownChapter } from '../hooks/useShownChapter';
import { useSidePanels } from '../hooks/useSidePanels';
import { useTutorialOnFirstVisit } from '../hooks/useTutorialOnFirstVisit';
import { useVerseActions } from '../hooks/useVerseActions';
import { BANNER_SLOT_ID, useVerseScroll } from '../hooks/useVerseScroll';
import { SearchResultsView } from './SearchResultsView';
import { CompareSwitch } from './CompareSwitch';
import { ListenButton } from './ListenButton';
import { NavigationPanel } from './NavigationPanel';
import { NavigationPickers } from './NavigationPickers';
import { OldTestamentOffline } from './OldTestamentOffline';
import { Passage } from './Passage';
import type { ReaderSlots } from './readerSlots';
import { RedLetterSwitch } from './RedLetterSwitch';
import { SearchBox } from './SearchBox';
import { TextSizeSwitch } from './TextSizeSwitch';
import { TranslationSwitch } from './TranslationSwitch';
import { VersePerLineSwitch } from './VersePerLineSwitch';

// The popup (react-aria Modal/Dialog) is fetched when first opened.
const NavigationPopup = lazy(() => import('./NavigationPopup'));
// The verse toolbar (copy, link, highlight, note, bookmark, study, ask) loads with the first verse clicked.
const VerseActions = lazy(() => import('./VerseActions').then((m) => ({ default: m.VerseActions })));
// The study panel's code loads when a reader first opens it, not with the reader.
const StudyPanel = lazy(() => import('./StudyPanel'));
// Two texts side by side, and Listen's player: loaded when first used.
const ParallelVerses = lazy(() => import('./ParallelVerses'));
const ListenPlayer = lazy(() => import('../listen/ListenPlayer'));

const PANEL_ID = 'reader-navigation';

/** Requests the chapter /home will show (App.tsx, once this code has arrived); the first render shares the request. */
export function warm(): void {
  const search = window.location.search;
  const pos = resumePosition(search, window.localStorage) ?? parseReaderSearch(search);
  if (findAnyBook(pos.book)) prefetchChapter(pos.translation, pos.book, pos.chapter);
}

/** /home without a book resumes where the reader stopped (Matthew 1 the first time). */
export default function ReaderRoute({ slots }: { slots: ReaderSlots }) {
  const { search } = useLocation();
  const resume = resumePosition(search, window.localStorage);
  if (resume) return <Navigate replace to={readerHref(resume)} />;
  return <ReaderPage slots={slots} />;
}

/** The chapter, the navigation panel beside it, and the other features' parts (`slots`) where they go. */
function ReaderPage({ slots }: { slots: ReaderSlots }) {
  const { pos, posRef } = useReaderPosition();
  const { state, ready, verses, bookName, wordsOfJesus } = useShownChapter(pos);
  const previous = previousChapter(pos.book, pos.chapter);
  const next = nextChapter(pos.book, pos.chapter);
  const { assistant, useVerseMarks, NoteActions } = slots;
  const { studying, sideOpen } = useSidePanels(assistant);
  const panel = useNavigationPanel(sideOpen);
  const popup = useNavigationPopup();
  const tutorialOpen = useTutorialOnFirstVisit();
  const nav = useReaderNavigation(pos, posRef);
  const actions = useVerseActions(pos, nav.markVerse);
  useSelectedVerse(pos, state.status === 'ready' ? state.data : null, bookName);
  const flashVerse = useVerseScroll(pos, ready, nav.jumpSeq, nav.skipScrollFor);
  usePrefetchNeighbours(ready, pos.translation, previous, next);
  const marks = useVerseMarks(pos.book, pos.chapter);
  useOfflineBundleDownload(ready, pos.translation);
  const listen = useListen();
  useChapterKeys(nav.goPrevious, nav.goNext, popup.at !== null || tutorialOpen);
  useDocumentTitle(bookName, pos.chapter);
  const selectedEnd = nav.selectedEnd;
  const openPopup = (verse: number, _text: string, point: { x: number; y: number }) => {
    actions.select(verse);
    popup.open(point);
  };

  const pickers = (idPrefix: 'panel' | 'popup', after: { chapter?: () => void; verse?: () => void }) => (
    <NavigationPickers
      idPrefix={idPrefix}
      book={pos.book}
      chapter={pos.chapter}
      verse={pos.verse}
      verses={verses}
      onBook={nav.goBook}
      onChapter={(c) => {
        nav.goChapter(c, idPrefix === 'panel' ? 1 : null);
        after.chapter?.();
      }}
      onVerse={(v) => {
        nav.goVerse(v);
        after.verse?.();
      }}
    />
  );

  return (
    <div className="min-h-dvh">
      {assistant.skipLink}
      <Header menu={{ open: panel.open, onToggle: panel.toggle, controls: PANEL_ID, docked: panel.docked }} />
      {/* Fixed bottom right on screen, but early in the Tab order: right after the header, not after every chapter and verse button. */}
      {assistant.launcher}
      <div className="flex">
        <NavigationPanel id={PANEL_ID} open={panel.open || panel.docked} wide={panel.docked} onClose={panel.close}>
          <div className="grid gap-5">
            {slots.navigationTop({
              book: pos.book,
              chapter: pos.chapter,
              chapterHref: (b, c) => readerHref({ ...pos, book: b, chapter: c, verse: null }),
            })}
            <SearchBox
              translation={pos.translation}
              onGo={(target) => {
                nav.goSearch(target);
                panel.closeUnlessDocked();
              }}
              onResults={panel.closeUnlessDocked}
            />
            <TranslationSwitch
              value={pos.translation}
              onChange={(translation) =>
                nav.go({ translation, compare: pos.compare === translation ? null : pos.compare })
              }
            />
            <CompareSwitch
              translation={pos.translation}
              value={pos.compare ?? null}
              onChange={(compare) => nav.go({ compare }, { replace: true })}
            />
            {pickers('panel', { verse: panel.closeUnlessDocked })}
            <TextSizeSwitch />
            <div className="grid gap-2">
              <RedLetterSwitch />
              <VersePerLineSwitch />
            </div>
            <OfflineStatus translation={pos.translation} />
            <OldTestamentOffline translation={pos.translation} />
          </div>
        </NavigationPanel>
        {/* Right padding keeps the text clear of the chat button while no panel is docked there. */}
        <main id="main" className={`min-w-0 flex-1 ${sideOpen ? '' : 'md:pr-20'}`}>
          {/* One upsell at a time: while the assistant is open its own upgrade prompt is the one. */}
          <div id={BANNER_SLOT_ID}>{!assistant.open && slots.banner}</div>
          <SearchResultsView place={`${pos.book}:${pos.chapter}:${pos.verse ?? ''}`} onGo={nav.goSearch} />
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
            onPrevious={nav.goPrevious}
            onNext={nav.goNext}
            onSelectVerse={actions.select}
            marks={marks}
            translationName={TRANSLATION_CHOICES.find((t) => t.id === pos.translation)?.name ?? ''}
            readingVerse={listen.readingVerse}
            wide={!!pos.compare}
            headerActions={<ListenButton listening={listen.listening} onListen={listen.toggle} />}
            renderVerses={
              pos.compare
                ? (list) => (
                    <Suspense fallback={<div className="skeleton h-40" />}>
                      <ParallelVerses
                        verses={list}
                        translation={pos.translation}
                        compare={pos.compare!}
                        book={pos.book}
                        chapter={pos.chapter}
                        selectedVerse={pos.verse}
                        selectedEnd={selectedEnd}
                        flashVerse={flashVerse}
                        readingVerse={listen.readingVerse}
                        onSelectVerse={actions.select}
                        onOpenPopup={openPopup}
                        marks={marks}
                      />
                    </Suspense>
                  )
                : undefined
            }
            onOpenPopup={openPopup}
          />
          {/* In the text column, held at the bottom of the window while the chapter scrolls. */}
          {actions.verse !== null && !popup.at && (
            <Suspense fallback={null}>
              <VerseActions
                verseNumber={actions.verse}
                rangeEnd={actions.verse === pos.verse ? selectedEnd : null}
                onClose={actions.close}
                takeFocus={actions.takeFocus}
                NoteActions={NoteActions}
                onAsk={() => assistant.setOpen(true)}
              />
            </Suspense>
          )}
        </main>
        {assistant.panel}
        {studying && (
          <Suspense fallback={null}>
            <StudyPanel />
          </Suspense>
        )}
      </div>

      {listen.listening && (
        <Suspense fallback={null}>
          <ListenPlayer
            verses={state.status === 'ready' ? state.data.verses : null}
            reference={`${bookName} ${pos.chapter}`}
            lang="en"
            startVerse={pos.verse}
            onVerse={listen.setReadingVerse}
            onNextChapter={nav.goNextListening}
            onClose={listen.stop}
          />
        </Suspense>
      )}

      {popup.at && (
        <Suspense fallback={null}>
          <NavigationPopup at={popup.at} onClose={popup.close}>
            {pickers('popup', { chapter: popup.close, verse: popup.close })}
          </NavigationPopup>
        </Suspense>
      )}
    </div>
  );
}
