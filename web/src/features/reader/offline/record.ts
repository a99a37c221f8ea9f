import type { TextTranslation } from '@lectio/contracts/bible-api';
import { cacheRecordKey, emptyRecord, readRecord, writeRecord, type BibleCacheRecord } from './cacheRecord';
import { OFFLINE_CACHE, hasCacheStorage, storage } from './cacheStorage';
import { forgetTranslation } from './memory';
import { bundleKey, bundles } from './storedBundle';
import { isTranslation } from '@lectio/contracts/bible-api';

/** The cache tracking record (spec: version, lastUpdated, loadedBooks, isFullyLoaded), one per translation, kept in localStorage. */

export const records = new Map<TextTranslation, BibleCacheRecord>();

export function getRecord(t: TextTranslation): BibleCacheRecord {
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

export function saveRecord(t: TextTranslation, record: BibleCacheRecord) {
  records.set(t, record);
  const s = storage();
  if (s) writeRecord(s, cacheRecordKey(t), record);
}

/** Drops this translation's stored chapters and bundle, and its memory entries. */
async function resetOffline(t: TextTranslation): Promise<void> {
  forgetTranslation(t);
  if (isTranslation(t)) bundles.delete(bundleKey(t));
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
