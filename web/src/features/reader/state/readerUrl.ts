import { findAnyBook } from '@lectio/contracts/books';
import { DEFAULT_TRANSLATION, type TextTranslation, type Translation } from '@lectio/contracts/bible-api';
import { paths } from '../../../lib/paths';

export type { TextTranslation, Translation };

/** The menu's names for the contract's TRANSLATIONS, in its order (readerUrl.test.ts checks none is missing). */
export const TRANSLATION_CHOICES = [
  { id: 'web', label: 'WEB', name: 'World English Bible' },
  { id: 'kjv', label: 'KJV', name: 'King James Version' },
] as const satisfies ReadonlyArray<{ id: Translation; label: string; name: string }>;

/** The texts the reader sets beside its own, side by side: its translations and the Reina-Valera 1909. */
export const COMPARE_CHOICES = [
  ...TRANSLATION_CHOICES,
  { id: 'rv1909', label: 'RV1909', name: 'Reina-Valera 1909' },
] as const satisfies ReadonlyArray<{
  id: TextTranslation;
  label: string;
  name: string;
}>;

/** A reading position; every position has a URL (`/home?book=john&chapter=3&verse=16&translation=kjv&compare=web`). */
export interface ReaderPosition {
  book: string;
  chapter: number;
  verse: number | null;
  translation: Translation;
  /** The text shown beside it, side by side (null: one text). */
  compare?: TextTranslation | null;
}

export const DEFAULT_POSITION: ReaderPosition = {
  book: 'matthew',
  chapter: 1,
  verse: null,
  translation: DEFAULT_TRANSLATION,
};

/** The text to set beside `translation`, or null (none asked, unknown, or the same text). */
export function parseCompare(value: string | null | undefined, translation: Translation): TextTranslation | null {
  const id = value?.toLowerCase();
  const found = COMPARE_CHOICES.find((c) => c.id === id)?.id ?? null;
  return found === translation ? null : found;
}

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
 * Reads a position from the query string (a book of either testament). Unknown books fall back to
 * Matthew; a chapter past the end of the book is clamped to its last chapter; an invalid verse is dropped.
 */
export function parseReaderSearch(search: string | URLSearchParams): ReaderPosition {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const book = findAnyBook((params.get('book') ?? '').toLowerCase().trim());
  const translation = parseTranslation(params.get('translation'));
  const compare = parseCompare(params.get('compare'), translation);
  const withCompare = compare ? { compare } : {};
  if (!book) return { ...DEFAULT_POSITION, translation, ...withCompare };
  const requested = parsePositiveInt(params.get('chapter')) ?? 1;
  const chapter = Math.min(requested, book.chapters);
  const verse = requested === chapter ? parsePositiveInt(params.get('verse')) : null;
  return { book: book.id, chapter, verse, translation, ...withCompare };
}

/** The query string for a position (`?book=john&chapter=3&verse=16&translation=kjv`); WEB is implied. */
export function readerSearch(pos: ReaderPosition): string {
  const params = new URLSearchParams();
  params.set('book', pos.book);
  params.set('chapter', String(pos.chapter));
  if (pos.verse !== null) params.set('verse', String(pos.verse));
  if (pos.translation !== DEFAULT_TRANSLATION) params.set('translation', pos.translation);
  if (pos.compare && pos.compare !== pos.translation) params.set('compare', pos.compare);
  return '?' + params.toString();
}

export function readerHref(pos: ReaderPosition): string {
  return paths.home + readerSearch(pos);
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
  for (const [k, v] of params)
    if (!['book', 'chapter', 'verse', 'translation', 'compare'].includes(k)) href.append(k, v);
  return paths.home + '?' + href.toString();
}
