import { findBook } from '@lectio/contracts/books';
import { DEFAULT_TRANSLATION, type Translation } from '@lectio/contracts/bible-api';

export type { Translation };

/** The menu's names for the contract's TRANSLATIONS, in its order (readerUrl.test.ts checks none is missing). */
export const TRANSLATION_CHOICES = [
  { id: 'web', label: 'WEB', name: 'World English Bible' },
  { id: 'kjv', label: 'KJV', name: 'King James Version' },
] as const satisfies ReadonlyArray<{ id: Translation; label: string; name: string }>;

/** A reading position; every position has a URL (`/home?book=john&chapter=3&verse=16&translation=kjv`). */
export interface ReaderPosition {
  book: string;
  chapter: number;
  verse: number | null;
  translation: Translation;
}

export const DEFAULT_POSITION: ReaderPosition = { book: 'matthew', chapter: 1, verse: null, translation: DEFAULT_TRANSLATION };

/** A positive base-10 integer, or null ("3", 3 -> 3; "3a", "0", "-1", "" -> null). */
export function parsePositiveInt(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const t = value.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number.parseInt(t, 10);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

export function parseTranslation(value: string | null | undefined): Translation {
  const id = value?.toLowerCase();
  // The menu's list, already loaded, rather than the contract's: the same ids (readerUrl.test.ts).
  return TRANSLATION_CHOICES.find((c) => c.id === id)?.id ?? DEFAULT_TRANSLATION;
}

/**
 * Reads a position from the query string. Unknown books fall back to Matthew; a chapter past the
 * end of the book is clamped to its last chapter; an invalid verse is dropped.
 */
export function parseReaderSearch(search: string | URLSearchParams): ReaderPosition {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const book = findBook((params.get('book') ?? '').toLowerCase().trim());
  const translation = parseTranslation(params.get('translation'));
  if (!book) return { ...DEFAULT_POSITION, translation };
  const requested = parsePositiveInt(params.get('chapter')) ?? 1;
  const chapter = Math.min(requested, book.chapters);
  const verse = requested === chapter ? parsePositiveInt(params.get('verse')) : null;
  return { book: book.id, chapter, verse, translation };
}

/** The query string for a position (`?book=john&chapter=3&verse=16&translation=kjv`); WEB is implied. */
export function readerSearch(pos: ReaderPosition): string {
  const params = new URLSearchParams();
  params.set('book', pos.book);
  params.set('chapter', String(pos.chapter));
  if (pos.verse !== null) params.set('verse', String(pos.verse));
  if (pos.translation !== DEFAULT_TRANSLATION) params.set('translation', pos.translation);
  return '?' + params.toString();
}

export function readerHref(pos: ReaderPosition): string {
  return '/home' + readerSearch(pos);
}

/**
 * The address to show instead when the query string asked for a position that was corrected
 * (Jude 9 is shown as Jude 1, an unknown book as Matthew 1), else null. Only the position's own
 * parameters are compared, and only when a book was asked for (/home alone resumes elsewhere).
 */
export function correctedReaderHref(search: string): string | null {
  const params = new URLSearchParams(search);
  const asked = { book: params.get('book'), chapter: params.get('chapter'), verse: params.get('verse') };
  if (asked.book === null) return null;
  const pos = parseReaderSearch(params);
  const corrected =
    asked.book !== pos.book ||
    (asked.chapter !== null && asked.chapter !== String(pos.chapter)) ||
    (asked.verse !== null && asked.verse !== (pos.verse === null ? null : String(pos.verse)));
  if (!corrected) return null;
  // Other parameters (not the position's) travel along.
  const href = new URLSearchParams(readerSearch(pos));
  for (const [k, v] of params) if (!['book', 'chapter', 'verse', 'translation'].includes(k)) href.append(k, v);
  return '/home?' + href.toString();
}
