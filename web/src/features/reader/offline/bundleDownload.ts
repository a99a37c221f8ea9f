import { atom } from 'jotai';
import { BOOKS } from '@lectio/contracts/books';
import type { Translation } from '@lectio/contracts/bible-api';
import { appStore } from '../../../lib/store';
import { bundleUrl } from '../api/urls';
import { coversAll, withAllBooks } from './cacheRecord';
import { OFFLINE_CACHE, hasCacheStorage } from './cacheStorage';
import { getRecord, saveRecord } from './record';
import { bundleKey, bundles, loadStoredBundle } from './storedBundle';
import type { BundleJob, BundleOutcome } from './bundleWorker';

/** The whole-Testament download, so the New Testament reads offline after the first visit. */

/** True while the whole-Testament bundle is downloading ('Loading Bible content...'). */
export const bundleLoadingAtom = atom(false);

const downloading: Partial<Record<Translation, Promise<void>>> = {};

export function isFullyCached(t: Translation): boolean {
  const r = getRecord(t);
  return r.isFullyLoaded || coversAll(r, BOOKS);
}

/** Runs one download in a worker of its own (see bundleWorker.ts), ended once it has answered. */
export function inWorker(job: BundleJob): Promise<BundleOutcome> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./bundleWorker.ts', import.meta.url), { type: 'module' });
    const done = (outcome: BundleOutcome) => {
      worker.terminate();
      resolve(outcome);
    };
    worker.addEventListener('message', (e: MessageEvent<BundleOutcome>) => done(e.data));
    worker.addEventListener('error', (e) =>
      done({ status: 'failed', message: e.message || 'The bundle worker failed', answered: false }),
    );
    worker.postMessage(job);
  });
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
      const outcome = await inWorker({ url: bundleUrl(t), etag: etag ?? null });
      if (outcome.status !== 'failed' || outcome.answered) revalidated.add(t);
      if (outcome.status === 'unchanged') return;
      if (outcome.status === 'failed') throw new Error(outcome.message);
      // The new bundle is read from Cache Storage when a chapter needs it; a corrected one replaces
      // the chapters this page already read from the old.
      bundles.delete(bundleKey(t));
      if (kept) void loadStoredBundle(t);
      const booksInBundle = BOOKS.filter((b) => outcome.books.includes(b.id));
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
