import { useCallback, useEffect, useState } from 'react';
import { getChapter, peekChapter, type ChapterContent } from '../api/chapters';
import type { TextTranslation } from '../state/readerUrl';

export type ChapterState =
  { status: 'loading' } | { status: 'ready'; data: ChapterContent } | { status: 'error'; message: string };

interface Keyed {
  key: string;
  state: ChapterState;
}

/** Loads a chapter (memory -> offline store -> network) with a retry for the error state. */
export function useChapter(
  translation: TextTranslation,
  book: string,
  chapter: number,
): ChapterState & { retry: () => void } {
  const key = `${translation}:${book}:${chapter}`;
  const [attempt, setAttempt] = useState(0);
  const [current, setCurrent] = useState<Keyed>(() => initial(key, translation, book, chapter));

  useEffect(() => {
    let cancelled = false;
    const hit = peekChapter(translation, book, chapter);
    if (hit) {
      setCurrent({ key, state: { status: 'ready', data: hit } });
      return;
    }
    setCurrent({ key, state: { status: 'loading' } });
    getChapter(translation, book, chapter).then(
      (data) => !cancelled && setCurrent({ key, state: { status: 'ready', data } }),
      (e: unknown) =>
        !cancelled &&
        setCurrent({ key, state: { status: 'error', message: e instanceof Error ? e.message : String(e) } }),
    );
    return () => {
      cancelled = true;
    };
  }, [key, translation, book, chapter, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  // While the effect has not caught up with a new key, answer from memory (no loading flash).
  const state: ChapterState = current.key === key ? current.state : initial(key, translation, book, chapter).state;
  return { ...state, retry };
}

function initial(key: string, t: TextTranslation, book: string, chapter: number): Keyed {
  const hit = peekChapter(t, book, chapter);
  return { key, state: hit ? { status: 'ready', data: hit } : { status: 'loading' } };
}
