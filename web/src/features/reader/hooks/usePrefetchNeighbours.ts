import { useEffect } from 'react';
import type { ChapterLocation } from '@lectio/contracts/navigation';
import { whenIdle } from '../../../lib/idle';
import { prefetchChapter } from '../api/chapters';
import type { Translation } from '../state/readerUrl';

/**
 * Once the chapter is shown (and the page is idle: not while it paints), the chapters before and after
 * it are fetched, so turning the page is instant.
 */
export function usePrefetchNeighbours(
  ready: boolean,
  translation: Translation,
  previous: ChapterLocation | null,
  next: ChapterLocation | null,
) {
  useEffect(() => {
    if (!ready) return;
    whenIdle(() => {
      if (previous) prefetchChapter(translation, previous.bookId, previous.chapter);
      if (next) prefetchChapter(translation, next.bookId, next.chapter);
    });
  }, [ready, translation, previous?.bookId, previous?.chapter, next?.bookId, next?.chapter]); // eslint-disable-line react-hooks/exhaustive-deps
}
