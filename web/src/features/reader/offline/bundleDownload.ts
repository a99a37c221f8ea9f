import { atom } from 'jotai';
import { BOOKS } from '@lectio/contracts/books';
import type { Translation } from '@lectio/contracts/bible-api';
import { appStore } from '../../../lib/store';
import { bundleUrl } from '../api/urls';
import { coversAll, withAllBooks } from './cacheRecord';
import { OFFLINE_CACHE, hasCacheStorage } from './cacheStorage';
import { getRecord, saveRecord } from './record';
import { absorbBundle, bundleOf, bundles, loadStoredBundle, type BundleBody } from './storedBundle';

/** The whole-Testament download, so the New Testament reads offline after the first visit. */

/** True while the whole-Testament bundle is downloading ('Loading Bible content...'). */
export const bundleLoadingAtom = atom(false);

const downloading: Partial<Record<Translation, Promise<void>>> = {};

export function isFullyCached(t: Translation): boolean {
  const r = getRecord(t);
  return r.isFullyLoaded || coversAll(r, BOOKS);
}

async function decodeBundle(res: Response): Promise<BundleBody> {
  const type = res.headers.get('content-type') ?? '';
  if (/gzip|octet-stream/.test(type) && res.body && typeof DecompressionStream !== 'undefined') {
    const text = await new Response(res.body.pipeThrough(new DecompressionStream('gzip'))).text();
    return bundleOf(text);
  }
  return bundleOf(await res.text());
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
