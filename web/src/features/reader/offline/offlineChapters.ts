import { isTranslation, type ChapterContent, type TextTranslation } from '@lectio/contracts/bible-api';
import { findAnyBook } from '@lectio/contracts/books';
import { isOldTestamentSaved } from './oldTestament';
import { chapterUrl } from '../api/urls';
import { hasChapter, withChapter } from './cacheRecord';
import { OFFLINE_CACHE, hasCacheStorage } from './cacheStorage';
import { chapterKey, clean, memory } from './memory';
import { getRecord, saveRecord } from './record';
import { loadStoredBundle } from './storedBundle';

/** One chapter from the offline store (a kept bundle, else the chapter's own entry); undefined when it is not kept. */
export async function readOffline(
  t: TextTranslation,
  book: string,
  chapter: number,
): Promise<ChapterContent | undefined> {
  if (!hasCacheStorage()) return undefined;
  if (findAnyBook(book)?.testament === 'old') {
    // The Old Testament is kept whole when the reader asked for it (oldTestament.ts), else chapter by chapter as read.
    if (isTranslation(t) && isOldTestamentSaved(t) && (await loadStoredBundle(t, 'old'))) {
      const hit = memory.get(chapterKey(t, book, chapter));
      if (hit) return hit;
    }
  } else {
    const record = getRecord(t);
    if (!hasChapter(record, book, chapter)) return undefined;
    if (record.isFullyLoaded && isTranslation(t) && (await loadStoredBundle(t))) {
      const hit = memory.get(chapterKey(t, book, chapter));
      if (hit) return hit;
    }
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

/** Keeps a chapter read from the network, and notes it in the cache record. */
export async function storeChapter(t: TextTranslation, book: string, chapter: number, content: ChapterContent) {
  if (!hasCacheStorage()) return;
  try {
    const cache = await caches.open(OFFLINE_CACHE);
    await cache.put(
      chapterUrl(t, book, chapter),
      new Response(JSON.stringify(content), { headers: { 'content-type': 'application/json' } }),
    );
    // The spec's record lists the New Testament's chapters.
    if (findAnyBook(book)?.testament === 'new') saveRecord(t, withChapter(getRecord(t), book, chapter));
  } catch (e) {
    console.error('Failed to store a chapter offline', e);
  }
}
