import { useEffect } from 'react';
import { chapterKey, describeTarget } from '../state/shortcuts';

/** ArrowLeft/[ and ArrowRight/] turn the chapter when focus is not in a field, and no dialog (`paused`) is open. */
export function useChapterKeys(goPrevious: () => void, goNext: () => void, paused: boolean) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (paused) return;
      const which = chapterKey(e, describeTarget(e.target));
      if (!which) return;
      e.preventDefault();
      if (which === 'previous') goPrevious();
      else goNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goPrevious, goNext, paused]);
}
