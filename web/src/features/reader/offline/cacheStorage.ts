/** The browser's Cache Storage where the reader keeps chapters and bundles for offline reading. */
export const OFFLINE_CACHE = 'lectio-bible';

export function hasCacheStorage(): boolean {
  return typeof caches !== 'undefined';
}

/** localStorage, where the cache record lives; null where it is missing or refused. */
export function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
