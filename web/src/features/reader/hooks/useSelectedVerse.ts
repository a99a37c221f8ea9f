import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import type { ChapterContent } from '../api/chapters';
import { selectedVerseAtom, type SelectedVerse } from '../state/atoms';
import type { ReaderPosition } from '../state/readerUrl';

const sameVerse = (a: SelectedVerse, b: SelectedVerse) =>
  a.book === b.book &&
  a.chapter === b.chapter &&
  a.verse === b.verse &&
  a.translation === b.translation &&
  a.text === b.text &&
  a.bookName === b.bookName;

/** The verse in the URL, with its text, as the selected verse the assistant answers about (null when none is shown). */
export function useSelectedVerse(pos: ReaderPosition, chapter: ChapterContent | null, bookName: string) {
  const setSelected = useSetAtom(selectedVerseAtom);
  useEffect(() => {
    if (pos.verse === null || !chapter) {
      setSelected(null);
      return;
    }
    const v = chapter.verses.find((x) => x.number === pos.verse);
    const next = v
      ? { book: pos.book, bookName, chapter: pos.chapter, verse: v.number, text: v.text, translation: pos.translation }
      : null;
    // Keep the same object when nothing changed, so the assistant does not re-render on every reader render.
    setSelected((prev) => (prev && next && sameVerse(prev, next) ? prev : next));
  }, [pos.book, pos.chapter, pos.verse, pos.translation, chapter, bookName, setSelected]);
}
