import { useEffect, useMemo, useState } from 'react';
import type { Translation, WordsOfJesusResponse } from '@lectio/contracts/bible-api';
import { getJson } from '../../../lib/api';
import { useRedLetter } from '../../../lib/redLetter';
import { wordsOfJesusUrl } from '../api/urls';

/** Per verse, the [start, end) character spans of its text that are words of Jesus. */
export type VerseSpans = ReadonlyMap<number, ReadonlyArray<readonly [number, number]>>;

// One small file per translation for the whole New Testament, fetched once and only when the setting is on.
const files = new Map<Translation, Promise<WordsOfJesusResponse>>();

function load(translation: Translation): Promise<WordsOfJesusResponse> {
  let file = files.get(translation);
  if (!file) {
    file = getJson<WordsOfJesusResponse>(wordsOfJesusUrl(translation));
    files.set(translation, file);
    // Offline or failed: try again on the next chapter rather than never.
    file.catch(() => files.delete(translation));
  }
  return file;
}

/** The words of Jesus in one chapter when "Words of Jesus in red" is on; null when off or not loaded (the text shows as usual). */
export function useWordsOfJesus(translation: Translation, book: string, chapter: number): VerseSpans | null {
  const [redLetter] = useRedLetter();
  const [file, setFile] = useState<WordsOfJesusResponse | null>(null);
  useEffect(() => {
    if (redLetter !== 'on') return;
    let cancelled = false;
    load(translation).then(
      (f) => !cancelled && setFile(f),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [redLetter, translation]);
  return useMemo(() => {
    if (redLetter !== 'on' || !file || file.translation !== translation) return null;
    const spans = new Map<number, Array<readonly [number, number]>>();
    for (const mark of file.books[book]?.[String(chapter)] ?? []) {
      const [verse, start, end] = typeof mark === 'number' ? [mark, 0, Infinity] : mark;
      spans.set(verse, [...(spans.get(verse) ?? []), [start, end]]);
    }
    return spans;
  }, [redLetter, file, translation, book, chapter]);
}
