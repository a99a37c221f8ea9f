import { useMemo } from 'react';
import { findAnyBook } from '@lectio/contracts/books';
import type { ReaderPosition } from '../state/readerUrl';
import { useChapter } from './useChapter';
import { useScriptureFont } from './useScriptureFont';
import { useWordsOfJesus } from './useWordsOfJesus';

/**
 * The chapter at `pos` as the page shows it: it counts as ready once its face is there too (a
 * short wait at most), so its text never reflows, and everything that waits for the chapter (the
 * verse scroll and flash) waits for that too.
 */
export function useShownChapter(pos: ReaderPosition) {
  const loaded = useChapter(pos.translation, pos.book, pos.chapter);
  const fontReady = useScriptureFont();
  const state = useMemo(
    (): typeof loaded =>
      loaded.status === 'ready' && !fontReady ? { status: 'loading', retry: loaded.retry } : loaded,
    [loaded, fontReady],
  );
  const wordsOfJesus = useWordsOfJesus(pos.translation, pos.book, pos.chapter);
  const verses = state.status === 'ready' ? state.data.verses : state.status === 'error' ? [] : null;
  // Every position the page shows is a known book: useReaderPosition corrects the others.
  const bookName =
    state.status === 'ready' && state.data.bookName ? state.data.bookName : (findAnyBook(pos.book)?.name ?? pos.book);
  return { state, ready: state.status === 'ready', verses, bookName, wordsOfJesus };
}
