import type { ChapterContent, TextTranslation } from '@lectio/contracts/bible-api';
import type { Verse } from '@lectio/contracts/verses';
import { ApiError, getJson } from '../../../lib/api';
import { whenIdle } from '../../../lib/idle';
import { chapterKey, clean, memory, type RawChapter } from '../offline/memory';
import { readOffline, storeChapter } from '../offline/offlineChapters';
import { chapterUrl } from './urls';

export type { ChapterContent, Verse };

/** Chapter reads go: memory, then the offline store (Cache Storage), then the network. */
const inflight = new Map<string, Promise<ChapterContent>>();

/** What is already in memory (no I/O): lets the reader render without a loading flash. */
export function peekChapter(t: TextTranslation, book: string, chapter: number): ChapterContent | undefined {
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
export function getChapter(t: TextTranslation, book: string, chapter: number): Promise<ChapterContent> {
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
    let raw: RawChapter;
    try {
      raw = await getJson(chapterUrl(t, book, chapter));
    } catch (e) {
      const err =
        e instanceof ApiError
          ? new BibleFetchError(e.status, statusTextOf(e))
          : new BibleFetchError(0, 'Network error');
      console.error(err.message, e);
      throw err;
    }
    const content = clean(raw, book);
    memory.set(key, content);
    whenIdle(() => void storeChapter(t, book, chapter, content));
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
export function prefetchChapter(t: TextTranslation, book: string, chapter: number): void {
  getChapter(t, book, chapter).catch(() => undefined);
}
