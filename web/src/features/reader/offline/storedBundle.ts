import type { Translation } from '@lectio/contracts/bible-api';
import { bundleUrl } from '../api/urls';
import { OFFLINE_CACHE, hasCacheStorage } from './cacheStorage';
import { chapterKey, clean, memory, type RawChapter } from './memory';

/** A whole-Testament bundle kept in Cache Storage, read into memory once per page load. */

interface BundleBody {
  translation?: string;
  version?: string;
  books: Record<string, Record<string, RawChapter>>;
}

/** A bundle's JSON text as a BundleBody. */
function bundleOf(text: string): BundleBody {
  // The server's bundle route answers this shape; absorbBundle still skips what is missing.
  return JSON.parse(text) as BundleBody;
}

/** Keyed `web` for a New Testament bundle, `web:old` for an Old Testament one. */
export const bundles = new Map<string, Promise<boolean>>();
export const bundleKey = (t: Translation, testament: 'old' | 'new' = 'new') => (testament === 'new' ? t : `${t}:old`);

/** Puts a bundle's chapters in memory; the number of chapters. */
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
export function loadStoredBundle(t: Translation, testament: 'old' | 'new' = 'new'): Promise<boolean> {
  const key = bundleKey(t, testament);
  let p = bundles.get(key);
  if (!p) {
    p = (async () => {
      if (!hasCacheStorage()) return false;
      try {
        const cache = await caches.open(OFFLINE_CACHE);
        const res = await cache.match(bundleUrl(t, testament));
        if (!res) return false;
        return absorbBundle(t, bundleOf(await res.text())) > 0;
      } catch (e) {
        console.error('Failed to read the offline Bible bundle', e);
        return false;
      }
    })();
    bundles.set(key, p);
    // A miss may be filled later by the download; forget it so the next read tries again.
    void p.then((ok) => {
      if (!ok) bundles.delete(key);
    });
  }
  return p;
}
