import { CACHE_VERSION } from '@lectio/contracts/constants';
import type { TextTranslation } from '../state/readerUrl';

/** Which chapters of a translation are kept offline (version, last change, chapters by book, whether all are), in localStorage. */
export interface BibleCacheRecord {
  version: string;
  /** ISO timestamp of the last change. */
  lastUpdated: string;
  /** bookId -> cached chapter numbers (sorted, unique). */
  loadedBooks: Record<string, number[]>;
  isFullyLoaded: boolean;
}

export { CACHE_VERSION };

/** The default translation (WEB) uses the plain key; others get a suffix. */
export function cacheRecordKey(translation: TextTranslation): string {
  return translation === 'web' ? 'bibleCache' : `bibleCache:${translation}`;
}

export function emptyRecord(now: Date = new Date()): BibleCacheRecord {
  return { version: CACHE_VERSION, lastUpdated: now.toISOString(), loadedBooks: {}, isFullyLoaded: false };
}

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type ReadOutcome =
  { record: BibleCacheRecord; reset: false } | { record: BibleCacheRecord; reset: true; reason: string };

/**
 * Reads the record. A missing record is a fresh one; an unreadable record or one written by another
 * cache version means the cache must be reset (the caller also drops the stored chapters).
 */
export function readRecord(storage: StorageLike, key: string, now: Date = new Date()): ReadOutcome {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch (e) {
    return { record: emptyRecord(now), reset: true, reason: `read failed: ${String(e)}` };
  }
  if (raw === null) return { record: emptyRecord(now), reset: false };
  try {
    // What this tab stored earlier: every field is checked below, and a bad record is reset.
    const parsed = JSON.parse(raw) as Partial<BibleCacheRecord>;
    if (!parsed || typeof parsed !== 'object') throw new Error('not an object');
    if (parsed.version !== CACHE_VERSION) {
      return { record: emptyRecord(now), reset: true, reason: `version ${String(parsed.version)} != ${CACHE_VERSION}` };
    }
    const loadedBooks: Record<string, number[]> = {};
    for (const [book, chapters] of Object.entries(parsed.loadedBooks ?? {})) {
      if (Array.isArray(chapters))
        loadedBooks[book] = normalise(chapters.filter((c): c is number => Number.isInteger(c) && c > 0));
    }
    return {
      record: {
        version: CACHE_VERSION,
        lastUpdated: typeof parsed.lastUpdated === 'string' ? parsed.lastUpdated : now.toISOString(),
        loadedBooks,
        isFullyLoaded: parsed.isFullyLoaded === true,
      },
      reset: false,
    };
  } catch (e) {
    return { record: emptyRecord(now), reset: true, reason: `unreadable: ${String(e)}` };
  }
}

export function writeRecord(storage: StorageLike, key: string, record: BibleCacheRecord): boolean {
  try {
    storage.setItem(key, JSON.stringify(record));
    return true;
  } catch (e) {
    console.error('Failed to save Bible cache record', e);
    return false;
  }
}

function normalise(chapters: number[]): number[] {
  return [...new Set(chapters)].sort((a, b) => a - b);
}

export function hasChapter(record: BibleCacheRecord, book: string, chapter: number): boolean {
  return record.isFullyLoaded || (record.loadedBooks[book]?.includes(chapter) ?? false);
}

export function withChapter(
  record: BibleCacheRecord,
  book: string,
  chapter: number,
  now: Date = new Date(),
): BibleCacheRecord {
  if (record.loadedBooks[book]?.includes(chapter)) return record;
  return {
    ...record,
    lastUpdated: now.toISOString(),
    loadedBooks: { ...record.loadedBooks, [book]: normalise([...(record.loadedBooks[book] ?? []), chapter]) },
  };
}

/** Marks every chapter of every book as cached (after the whole bundle was stored). */
export function withAllBooks(
  record: BibleCacheRecord,
  books: ReadonlyArray<{ id: string; chapters: number }>,
  now: Date = new Date(),
): BibleCacheRecord {
  const loadedBooks: Record<string, number[]> = {};
  for (const b of books) loadedBooks[b.id] = Array.from({ length: b.chapters }, (_, i) => i + 1);
  return { ...record, version: CACHE_VERSION, lastUpdated: now.toISOString(), loadedBooks, isFullyLoaded: true };
}

/** True when every chapter of every book is recorded. */
export function coversAll(record: BibleCacheRecord, books: ReadonlyArray<{ id: string; chapters: number }>): boolean {
  return books.every((b) => (record.loadedBooks[b.id]?.length ?? 0) >= b.chapters);
}

/** The assistant side shows 'loading' if the record changed within the last 3 seconds. */
export function recentlyUpdated(record: BibleCacheRecord, now: Date = new Date(), windowMs = 3000): boolean {
  const t = Date.parse(record.lastUpdated);
  return Number.isFinite(t) && now.getTime() - t < windowMs;
}

export type BibleCacheStatus = 'loading' | 'ready' | 'partial';

/** What the assistant side shows: 'loading' while the record is changing, then complete or not. */
export function cacheStatus(record: BibleCacheRecord, now: Date = new Date()): BibleCacheStatus {
  if (recentlyUpdated(record, now)) return 'loading';
  return record.isFullyLoaded ? 'ready' : 'partial';
}
