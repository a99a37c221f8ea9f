import { parseReaderSearch, parseTranslation, readerSearch, type ReaderPosition } from './readerUrl';
import type { StorageLike } from '../offline/cacheRecord';

/** Where the reader stopped, so /home without a position opens there (Matthew 1 the first time). */
export const LAST_POSITION_KEY = 'lastReadingPosition';

export function saveLastPosition(storage: StorageLike, pos: ReaderPosition): void {
  try {
    storage.setItem(LAST_POSITION_KEY, readerSearch(pos));
  } catch {
    // Storage full or disabled (private mode): resuming is a convenience, reading goes on.
  }
}

/** The stored position, or null when there is none or it is not a known book. */
export function lastPosition(storage: StorageLike): ReaderPosition | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(LAST_POSITION_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  const params = new URLSearchParams(raw);
  const pos = parseReaderSearch(params);
  return params.get('book')?.toLowerCase() === pos.book ? pos : null;
}

/** True when a reader URL names no book, i.e. asks for "wherever I was". */
export function namesNoPosition(search: string): boolean {
  return !new URLSearchParams(search).get('book');
}

/**
 * Where /home with this query string resumes: the stored position (in the translation the query asks
 * for, if any) when the query names no book and one is stored, else null (the query says where).
 */
export function resumePosition(search: string, storage: StorageLike): ReaderPosition | null {
  const resume = namesNoPosition(search) ? lastPosition(storage) : null;
  if (!resume) return null;
  const asked = new URLSearchParams(search).get('translation');
  return asked ? { ...resume, translation: parseTranslation(asked) } : resume;
}
