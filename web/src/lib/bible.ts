import { atom } from 'jotai';
import { BOOKS, findBook } from '@lectio/contracts/books';
import type { ChapterContent, Translation } from '@lectio/contracts/bible-api';
import { mergeVerses, type RawVerse, type Verse } from '@lectio/contracts/verses';
import { ApiError, getJson } from './api';
import { cacheRecordKey, coversAll, emptyRecord, hasChapter, readRecord, withAllBooks, withChapter, writeRecord, type BibleCacheRecord } from './cacheRecord';
import { appStore } from './store';

export type { ChapterContent, Verse };

/** Chapter reads go: memory, then the offline store (Cache Storage), then the network. */
const OFFLINE_CACHE = 'lectio-bible';
const memory = new Map<string, ChapterContent>();
const inflight = new Map<string, Promise<ChapterContent>>();

/** True while the whole-Testament bundle is downloading ('Loading Bible content...'). */
export const bundleLoadingAtom = atom(false);

const chapterKey = (t: Translation, book: string, chapter: number) => `${t}:${book}:${chapter}`;
export const chapterUrl = (t: Translation, book: string, chapter: number) => `/api/bible/${encodeURIComponent(book)}/${chapter}?translation=${t}`;
export const bundleUrl = (t: Translation) => `/api/bible/bundle?translation=${t}`;

function hasCacheStorage(): boolean {
  return typeof caches !== 'undefined';
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The cache tracking record (spec: version, lastUpdated, loadedBooks, isFullyLoaded).

const records = new Map<Translation, BibleCacheRecord>();

export function getRecord(t: Translation): BibleCacheRecord {
  const existing = records.get(t);
  if (existing) return existing;
  const s = storage();
  if (!s) {
    const r = emptyRecord();
    records.set(t, r);
    return r;
  }
  const outcome = readRecord(s, cacheRecordKey(t));
  if (outcome.reset) {
    console.warn(`Bible cache reset (${t}): ${outcome.reason}`);
    void resetOffline(t);
    writeRecord(s, cacheRecordKey(t), outcome.record);
  }
  records.set(t, outcome.record);
  return outcome.record;
}

function saveRecord(t: Translation, record: BibleCacheRecord) {
  records.set(t, record);
  const s = storage();
  if (s) writeRecord(s, cacheRecordKey(t), record);
}

/** Drops this translation's stored chapters and bundle, and its memory entries. */
async function resetOffline(t: Translation): Promise<void> {
  for (const key of [...memory.keys()]) if (key.startsWith(`${t}:`)) memory.delete(key);
  bundles.delete(t);
  if (!hasCacheStorage()) return;
  try {
    const cache = await caches.open(OFFLINE_CACHE);
    for (const req of await cache.keys()) {
      if (new URL(req.url).searchParams.get('translation') === t) await cache.delete(req);
    }
  } catch (e) {
    console.error('Failed to clear the offline Bible cache', e);
  }
}

// ---------------------------------------------------------------------------------------------
// Offline store.

interface BundleBody {
  translation?: string;
  version?: string;
  books: Record<string, Record<string, { bookName?: string; chapterTitle?: string | null; verses?: RawVerse[] }>>;
}

const bundles = new Map<Translation, Promise<boolean>>();

function clean(raw: { bookName?: string; chapterTitle?: string | null; verses?: RawVerse[] }, book: string): ChapterContent {
  return {
    bookName: raw.bookName ?? findBook(book)?.name ?? book,
    chapterTitle: raw.chapterTitle ?? '',
    verses: mergeVerses(Array.isArray(raw.verses) ? raw.verses : []),
  };
}

function absorbBundle(t: Translation, body: BundleBody): number {
  let count = 0;
  for (const [book, chapters] of Object.entries(body.books ?? {})) {
    for (const [chapter, content] of Object.entries(chapters ?? {})) {
      const n = Number(chapter);
      if (!Number.isInteger(n) || !content) continue;
      memory.set(chapterKey(t, book, n), clean(content, book));
      count++;
    }
  }
  return count;
}

/** Loads a stored bundle into memory once; false when there is none. */
function loadStoredBundle(t: Translation): Promise<boolean> {
  let p = bundles.get(t);
  if (!p) {
    p = (async () => {
      if (!hasCacheStorage()) return false;
      try {
        const cache = await caches.open(OFFLINE_CACHE);
        const res = await cache.match(bundleUrl(t));
        if (!res) return false;
        return absorbBundle(t, (await res.json()) as BundleBody) > 0;
      } catch (e) {
        console.error('Failed to read the offline Bible bundle', e);
        return false;
      }
    })();
    bundles.set(t, p);
    // A miss may be filled later by the download; forget it so the next read tries again.
    void p.then((ok) => {
      if (!ok) bundles.delete(t);
    });
  }
  return p;
}

async function readOffline(t: Translation, book: string, chapter: number): Promise<ChapterContent | undefined> {
  const record = getRecord(t);
  if (!hasChapter(record, book, chapter) || !hasCacheStorage()) return undefined;
  if (record.isFullyLoaded && (await loadStoredBundle(t))) {
    const hit = memory.get(chapterKey(t, book, chapter));
    if (hit) return hit;
  }
  try {
    const cache = await caches.open(OFFLINE_CACHE);
    const res = await cache.match(chapterUrl(t, book, chapter));
    if (!res) return undefined;
    return clean(await res.json(), book);
  } catch (e) {
    console.error('Failed to read an offline chapter', e);
    return undefined;
  }
}

async function storeChapter(t: Translation, book: string, chapter: number, content: ChapterContent) {
  if (!hasCacheStorage()) return;
  try {
    const cache = await caches.open(OFFLINE_CACHE);
    await cache.put(chapterUrl(t, book, chapter), new Response(JSON.stringify(content), { headers: { 'content-type': 'application/json' } }));
    saveRecord(t, withChapter(getRecord(t), book, chapter));
  } catch (e) {
    console.error('Failed to store a chapter offline', e);
  }
}

// ---------------------------------------------------------------------------------------------
// Public reads.

/** What is already in memory (no I/O): lets the reader render without a loading flash. */
export function peekChapter(t: Translation, book: string, chapter: number): ChapterContent | undefined {
  return memory.get(chapterKey(t, book, chapter));
}

export class BibleFetchError extends Error {
  constructor(
    readonly status: number,
    statusText: string,
  ) {
    super(`Error fetching Bible content: ${statusText || String(status)}`);
    this.name = 'BibleFetchError';
  }
}

/** A chapter: memory, then the offline store, then the network. Concurrent reads share one request. */
export function getChapter(t: Translation, book: string, chapter: number): Promise<ChapterContent> {
  const key = chapterKey(t, book, chapter);
  const hit = memory.get(key);
  if (hit) return Promise.resolve(hit);
  const running = inflight.get(key);
  if (running) return running;
  const p = (async () => {
    const offline = await readOffline(t, book, chapter);
    if (offline) {
      memory.set(key, offline);
      return offline;
    }
    let raw: { bookName?: string; chapterTitle?: string | null; verses?: RawVerse[] };
    try {
      raw = await getJson(chapterUrl(t, book, chapter));
    } catch (e) {
      const err = e instanceof ApiError ? new BibleFetchError(e.status, statusTextOf(e)) : new BibleFetchError(0, 'Network error');
      console.error(err.message, e);
      throw err;
    }
    const content = clean(raw, book);
    memory.set(key, content);
    void storeChapter(t, book, chapter, content);
    return content;
  })().finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

function statusTextOf(e: ApiError): string {
  return e.statusText || STATUS_TEXT[e.status] || String(e.status);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Prefetch quietly (adjacent chapters). */
export function prefetchChapter(t: Translation, book: string, chapter: number): void {
  getChapter(t, book, chapter).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// The whole-Testament download (ARCHITECTURE decision 7).

let downloading: Partial<Record<Translation, Promise<void>>> = {};

export function isFullyCached(t: Translation): boolean {
  const r = getRecord(t);
  return r.isFullyLoaded || coversAll(r, BOOKS);
}

async function decodeBundle(res: Response): Promise<BundleBody> {
  const type = res.headers.get('content-type') ?? '';
  if (/gzip|octet-stream/.test(type) && res.body && typeof DecompressionStream !== 'undefined') {
    const text = await new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).text();
    return JSON.parse(text) as BundleBody;
  }
  return (await res.json()) as BundleBody;
}

/** Kept bundles checked with the server in this page load (once each is enough). */
const revalidated = new Set<Translation>();

/**
 * Downloads and keeps the whole translation once. A kept bundle is revalidated quietly once per
 * page load with its ETag: 304 keeps it, 200 brings text corrections, offline changes nothing.
 * (A plain fetch, not the API client: a conditional request must see the 304.)
 */
export function ensureBundle(t: Translation): Promise<void> {
  if (downloading[t]) return downloading[t]!;
  const run = (async () => {
    if (!hasCacheStorage()) return;
    const kept = getRecord(t).isFullyLoaded && (await loadStoredBundle(t));
    if (kept && revalidated.has(t)) return;
    const cache = await caches.open(OFFLINE_CACHE);
    const etag = kept ? (await cache.match(bundleUrl(t)))?.headers.get('etag') : null;
    if (!kept) appStore.set(bundleLoadingAtom, true);
    try {
      const res = await fetch(bundleUrl(t), { credentials: 'include', headers: etag ? { 'if-none-match': etag } : {} });
      revalidated.add(t);
      if (res.status === 304) return;
      if (!res.ok) throw new Error(`Error fetching Bible content: ${res.statusText}`);
      const body = await decodeBundle(res);
      if (!body || typeof body.books !== 'object') throw new Error('Malformed Bible bundle');
      const count = absorbBundle(t, body);
      if (count === 0) throw new Error('Empty Bible bundle');
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const newTag = res.headers.get('etag');
      if (newTag) headers.etag = newTag;
      await cache.put(bundleUrl(t), new Response(JSON.stringify(body), { headers }));
      bundles.set(t, Promise.resolve(true));
      const booksInBundle = BOOKS.filter((b) => body.books[b.id]);
      const full = withAllBooks(getRecord(t), booksInBundle);
      saveRecord(t, { ...full, isFullyLoaded: booksInBundle.length === BOOKS.length });
    } catch (e) {
      // Offline with a kept bundle is the normal case, not an error.
      if (!kept) console.error('Failed to download the Bible for offline reading', e);
    } finally {
      if (!kept) appStore.set(bundleLoadingAtom, false);
    }
  })().finally(() => {
    delete downloading[t];
  });
  downloading[t] = run;
  return run;
}

/** For tests and the account page: forget everything kept offline. */
export async function clearBibleCache(): Promise<void> {
  memory.clear();
  records.clear();
  bundles.clear();
  downloading = {};
  const s = storage();
  s?.removeItem(cacheRecordKey('web'));
  s?.removeItem(cacheRecordKey('kjv'));
  if (hasCacheStorage()) await caches.delete(OFFLINE_CACHE);
}

// ---------------------------------------------------------------------------------------------
// Search.

export interface SearchResult {
  bookId: string;
  bookName: string;
  chapter: number;
  verse: number;
  text: string;
  highlighted: string;
  score: number;
}

export interface SearchResponse {
  query: string;
  reference: { bookId: string; bookName: string; chapter: number; verse?: number | null; verseEnd?: number | null } | null;
  results: SearchResult[];
  total: number;
  /** The query with misspelt words corrected, when some word is unknown to the text. */
  suggestion?: string | null;
  /** Said instead of 'No results', e.g. that an Old Testament book is not in the reader. */
  notice?: string | null;
}

export function searchBible(q: string, t: Translation, signal?: AbortSignal): Promise<SearchResponse> {
  return getJson<SearchResponse>(`/api/bible/search?q=${encodeURIComponent(q)}&translation=${t}`, { signal });
}
