import { useEffect, useState } from 'react';
import { DEFAULT_TRANSLATION, type Translation } from '@lectio/contracts/bible-api';
import type { Note } from '@lectio/contracts/notes';
import { getChapter, lastPosition } from '../../reader';

type Place = Pick<Note, 'book' | 'chapter' | 'verse' | 'verseEnd'>;
const chapterOf = (n: Pick<Note, 'book' | 'chapter'>) => `${n.book}:${n.chapter}`;

/** The translation the reader last read in (the notes are shown in the words the reader knows them by). */
function readerTranslation(): Translation {
  try {
    return lastPosition(localStorage)?.translation ?? DEFAULT_TRANSLATION;
  } catch {
    return DEFAULT_TRANSLATION;
  }
}

/**
 * The verse text of each note's place ('book:chapter' -> verse number -> text), loaded a chapter at
 * a time through the reader's store (memory, the offline copy, then the network). A chapter that
 * cannot be loaded is left out: its notes show without their text.
 */
export function useVerseTexts(notes: readonly Place[] | null): ReadonlyMap<string, ReadonlyMap<number, string>> {
  const [texts, setTexts] = useState<ReadonlyMap<string, ReadonlyMap<number, string>>>(new Map());
  const wanted = [...new Set((notes ?? []).map(chapterOf))].sort().join('|');
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    const translation = readerTranslation();
    const chapters = wanted.split('|').map((key) => {
      const [book = '', chapter = ''] = key.split(':');
      return { key, book, chapter: Number(chapter) };
    });
    void Promise.all(
      chapters.map(({ key, book, chapter }) =>
        getChapter(translation, book, chapter).then(
          (content): [string, ReadonlyMap<number, string>] => [
            key,
            new Map(content.verses.map((v) => [v.number, v.text])),
          ],
          () => null,
        ),
      ),
    ).then((loaded) => {
      if (live) setTexts(new Map(loaded.filter((entry) => entry !== null)));
    });
    return () => {
      live = false;
    };
  }, [wanted]);
  return texts;
}

/** The text of a note's verse or verses (a range joined with spaces), or null when not loaded. */
export function verseTextOf(texts: ReadonlyMap<string, ReadonlyMap<number, string>>, n: Place): string | null {
  const verses = texts.get(chapterOf(n));
  if (!verses) return null;
  const parts: string[] = [];
  for (let v = n.verse; v <= (n.verseEnd ?? n.verse); v++) {
    const text = verses.get(v);
    if (text) parts.push(text);
  }
  return parts.length ? parts.join(' ') : null;
}
