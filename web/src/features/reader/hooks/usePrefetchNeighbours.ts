import { useEffect } from 'react';
import type { ChapterLocation } from '@lectio/contracts/navigation';
import { prefetchChapter } from '../api/chapters';
import type { Translation } from '../state/readerUrl';

/** Once the chapter is shown, the chapters before and after it are fetched, so turning the page is instant. */
export function usePrefetchNeighbours(
  ready: boolean,
  translation: Translation,
  previous: ChapterLocation | null,
  next: ChapterLocation | null,
) {
  useEffect(() => {
    if (!ready) return;
    if (previous) prefetchChapter(translation, previous.bookId, previous.chapter);
    if (next) prefetchChapter(translation, next.bookId, next.chapter);
  }, [ready, translation, previous?.bookId, previous?.chapter, next?.bookId, next?.chapter]); // eslint-disable-line react-hooks/exhaustive-deps
}
