import type { SelectedVerse as SharedVerse } from './atoms';
import { TRANSLATION_CHOICES, readerHref } from './readerUrl';

/**
 * Quotation marks inside the quoted words become single ones (“... ‘Rejoice!’”), as in print, so
 * they do not nest with the outer double ones. Straight quotes open after a space or at the start.
 */
export function innerQuotes(text: string): string {
  return text
    .replace(/“/g, '‘')
    .replace(/”/g, '’')
    .replace(/"/g, (_m, at: number) => (at === 0 || /[\s([{\u2014-]/.test(text[at - 1]!) ? '‘' : '’'));
}

/** What "Copy" puts on the clipboard: the words, then the reference and translation, as people quote. */
export function verseCitation(v: SharedVerse): string {
  const label = TRANSLATION_CHOICES.find((t) => t.id === v.translation)?.label ?? v.translation.toUpperCase();
  return `“${innerQuotes(v.text)}” ${v.bookName} ${v.chapter}:${v.verse} (${label})`;
}

/** An absolute link that opens the reader at this verse in this translation. */
export function verseLink(origin: string, v: SharedVerse): string {
  return origin + readerHref({ book: v.book, chapter: v.chapter, verse: v.verse, translation: v.translation });
}
