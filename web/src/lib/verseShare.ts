import type { SelectedVerse as SharedVerse } from '../reader/state';
import { TRANSLATIONS, readerHref } from './readerUrl';

/** What "Copy" puts on the clipboard: the words, then the reference and translation, as people quote. */
export function verseCitation(v: SharedVerse): string {
  const label = TRANSLATIONS.find((t) => t.id === v.translation)?.label ?? v.translation.toUpperCase();
  return `“${v.text}” ${v.bookName} ${v.chapter}:${v.verse} (${label})`;
}

/** An absolute link that opens the reader at this verse in this translation. */
export function verseLink(origin: string, v: SharedVerse): string {
  return origin + readerHref({ book: v.book, chapter: v.chapter, verse: v.verse, translation: v.translation });
}
