import { useCallback, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { nextChapter, previousChapter } from '@lectio/contracts/navigation';
import { readerHref, type ReaderPosition } from '../state/readerUrl';
import type { SearchTarget } from '../components/SearchBox';

const at = (book: string, chapter: number, verse: number | null) => `${book}:${chapter}:${verse}`;

/**
 * Moving through the text. Every position is a URL, and history entries make the back button
 * work. `jumpSeq` counts the jumps to a verse (so the same verse chosen again scrolls again);
 * `skipScrollFor` names a verse reached without a scroll (one clicked, or where Listen goes on).
 */
export function useReaderNavigation(pos: ReaderPosition, posRef: RefObject<ReaderPosition>) {
  const navigate = useNavigate();
  const [jumpSeq, setJumpSeq] = useState(0);
  const skipScrollFor = useRef<string | null>(null);
  const go = useCallback(
    (change: Partial<ReaderPosition>, opts: { replace?: boolean } = {}) =>
      navigate(readerHref({ ...posRef.current, ...change }), { replace: opts.replace }),
    [navigate, posRef],
  );
  const goBook = (id: string) => go({ book: id, chapter: 1, verse: null });
  // A chapter picked in the panel starts at verse 1 (the verse picker shows it chosen); one picked in the popup clears the verse.
  const goChapter = (chapter: number, verse: 1 | null) => go({ chapter, verse });
  const goVerse = (verse: number) => {
    setJumpSeq((n) => n + 1);
    go({ verse });
  };
  const goPrevious = useCallback(() => {
    const p = previousChapter(posRef.current.book, posRef.current.chapter);
    if (p) go({ book: p.bookId, chapter: p.chapter, verse: 1 });
  }, [go, posRef]);
  const goNext = useCallback(() => {
    const n = nextChapter(posRef.current.book, posRef.current.chapter);
    if (n) go({ book: n.bookId, chapter: n.chapter, verse: 1 });
  }, [go, posRef]);
  /** Listen goes on into the next chapter without scrolling to its first verse; false at the end of the Bible. */
  const goNextListening = useCallback(() => {
    const n = nextChapter(posRef.current.book, posRef.current.chapter);
    if (!n) return false;
    skipScrollFor.current = at(n.bookId, n.chapter, 1);
    go({ book: n.bookId, chapter: n.chapter, verse: 1 });
    return true;
  }, [go, posRef]);

  // A searched range ('1 Cor 13:4-7') stays marked while the reader stays on its first verse.
  const [searchRange, setSearchRange] = useState<{ key: string; end: number } | null>(null);
  const goSearch = (t: SearchTarget) => {
    setJumpSeq((n) => n + 1);
    setSearchRange(
      t.verse !== null && t.verseEnd !== null && t.verseEnd > t.verse
        ? { key: at(t.book, t.chapter, t.verse), end: t.verseEnd }
        : null,
    );
    go({ book: t.book, chapter: t.chapter, verse: t.verse });
  };
  const selectedEnd = searchRange && searchRange.key === at(pos.book, pos.chapter, pos.verse) ? searchRange.end : null;

  /** A verse clicked is recorded in the URL (replacing the entry) without scrolling to it. */
  const markVerse = useCallback(
    (verse: number) => {
      const p = posRef.current;
      skipScrollFor.current = at(p.book, p.chapter, verse);
      if (p.verse !== verse) go({ verse }, { replace: true });
    },
    [go, posRef],
  );

  return {
    go,
    goBook,
    goChapter,
    goVerse,
    goPrevious,
    goNext,
    goNextListening,
    goSearch,
    markVerse,
    selectedEnd,
    jumpSeq,
    skipScrollFor,
  };
}
