import { useCallback, useEffect, useState } from 'react';
import type { ReaderPosition } from '../state/readerUrl';

/**
 * The verse whose actions (copy, link, highlight, note, bookmark, study, ask) are offered: the one
 * last clicked, until they are closed or the chapter or translation changes. Chosen from the
 * keyboard, the toolbar takes the focus.
 */
export function useVerseActions(pos: ReaderPosition, markVerse: (verse: number) => void) {
  const [verse, setVerse] = useState<number | null>(null);
  const [takeFocus, setTakeFocus] = useState(false);
  const close = useCallback(() => setVerse(null), []);
  useEffect(() => setVerse(null), [pos.book, pos.chapter, pos.translation]);
  const select = (chosen: number, _text?: string, viaKeyboard = false) => {
    setVerse(chosen);
    setTakeFocus(viaKeyboard);
    markVerse(chosen);
  };
  return { verse, takeFocus, close, select };
}
