import { describe, expect, it } from 'vitest';
import { BOOKS } from '@lectio/contracts/books';
import {
  CACHE_VERSION,
  cacheStatus,
  cacheRecordKey,
  coversAll,
  emptyRecord,
  hasChapter,
  readRecord,
  recentlyUpdated,
  withAllBooks,
  withChapter,
  writeRecord,
  type StorageLike,
} from './cacheRecord';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => (k in data ? data[k]! : null),
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

const now = new Date('2025-01-05T10:00:00.000Z');

describe('Bible cache record', () => {
  it('uses version 1.0.1 and a per-translation key', () => {
    expect(CACHE_VERSION).toBe('1.0.1');
    expect(emptyRecord(now)).toEqual({
      version: '1.0.1',
      lastUpdated: now.toISOString(),
      loadedBooks: {},
      isFullyLoaded: false,
    });
    expect(cacheRecordKey('web')).toBe('bibleCache');
    expect(cacheRecordKey('kjv')).toBe('bibleCache:kjv');
  });

  it('a missing record is fresh, not a reset', () => {
    expect(readRecord(memoryStorage(), 'bibleCache', now)).toEqual({ record: emptyRecord(now), reset: false });
  });

  it('resets on a version mismatch or unreadable JSON', () => {
    const old = memoryStorage({
      bibleCache: JSON.stringify({ version: '1.0.0', loadedBooks: { john: [1] }, isFullyLoaded: true }),
    });
    const out = readRecord(old, 'bibleCache', now);
    expect(out.reset).toBe(true);
    expect(out.record.loadedBooks).toEqual({});
    expect(readRecord(memoryStorage({ bibleCache: '{oops' }), 'bibleCache', now).reset).toBe(true);
  });

  it('records chapters sorted and unique, and round-trips through storage', () => {
    const s = memoryStorage();
    let r = emptyRecord(now);
    r = withChapter(r, 'john', 3, now);
    r = withChapter(r, 'john', 1, now);
    expect(withChapter(r, 'john', 3, now)).toBe(r);
    expect(r.loadedBooks).toEqual({ john: [1, 3] });
    expect(hasChapter(r, 'john', 3)).toBe(true);
    expect(hasChapter(r, 'john', 2)).toBe(false);
    writeRecord(s, 'bibleCache', r);
    expect(readRecord(s, 'bibleCache', now)).toEqual({ record: r, reset: false });
  });

  it('marks the whole New Testament loaded', () => {
    const full = withAllBooks(emptyRecord(now), BOOKS, now);
    expect(full.isFullyLoaded).toBe(true);
    expect(full.loadedBooks['revelation']).toHaveLength(22);
    expect(coversAll(full, BOOKS)).toBe(true);
    expect(coversAll(emptyRecord(now), BOOKS)).toBe(false);
  });

  it('reports recent updates within 3 seconds', () => {
    const r = emptyRecord(now);
    expect(recentlyUpdated(r, new Date(now.getTime() + 2999))).toBe(true);
    expect(recentlyUpdated(r, new Date(now.getTime() + 3000))).toBe(false);
  });

  it('given a record just written, the assistant side shows loading; later, ready when complete and partial otherwise', () => {
    const later = new Date(now.getTime() + 5000);
    expect(cacheStatus(withChapter(emptyRecord(now), 'john', 3, now), now)).toBe('loading');
    expect(cacheStatus(withChapter(emptyRecord(now), 'john', 3, now), later)).toBe('partial');
    expect(cacheStatus(withAllBooks(emptyRecord(now), BOOKS, now), later)).toBe('ready');
  });
});
