import { atom } from 'jotai';
import type { Translation } from '@lectio/contracts/bible-api';
import { appStore } from '../../../lib/store';
import { bundleUrl } from '../api/urls';
import { inWorker } from './bundleDownload';
import { hasCacheStorage, storage } from './cacheStorage';
import { bundleKey, bundles } from './storedBundle';

/**
 * The Old Testament for offline reading, on the reader's request only: it is three times the New
 * Testament, so the first visit never downloads it. Kept as one bundle in Cache Storage, noted per
 * translation in localStorage (the spec's cache record lists the New Testament's chapters).
 */
const savedKey = (t: Translation) => `lectio:oldTestamentOffline:${t}`;

export type OldTestamentOffline = 'none' | 'saving' | 'saved' | 'failed';
export const oldTestamentOfflineAtom = atom<Partial<Record<Translation, OldTestamentOffline>>>({});

export function isOldTestamentSaved(t: Translation): boolean {
  try {
    return storage()?.getItem(savedKey(t)) === 'saved';
  } catch {
    return false;
  }
}

export async function saveOldTestament(t: Translation): Promise<void> {
  if (!hasCacheStorage()) return;
  const set = (state: OldTestamentOffline) => appStore.set(oldTestamentOfflineAtom, (all) => ({ ...all, [t]: state }));
  set('saving');
  const outcome = await inWorker({ url: bundleUrl(t, 'old'), etag: null });
  if (outcome.status === 'stored') {
    bundles.delete(bundleKey(t, 'old'));
    storage()?.setItem(savedKey(t), 'saved');
    set('saved');
  } else {
    console.error('Failed to save the Old Testament for offline reading', outcome);
    set('failed');
  }
}
