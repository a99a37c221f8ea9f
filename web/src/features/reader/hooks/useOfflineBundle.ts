import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { bundleLoadingAtom, ensureBundle, isFullyCached } from '../offline/bundleDownload';
import type { Translation } from '../state/readerUrl';

/** Reading starts first: the whole translation is downloaded for offline reading 2 s after a chapter shows. */
const BUNDLE_DELAY_MS = 2000;

/**
 * Keeps the whole translation offline (once). It subscribes to nothing: the page that calls it does not
 * render again as the download starts and ends (a phone spent two long tasks re-rendering the chapter).
 */
export function useOfflineBundleDownload(ready: boolean, translation: Translation) {
  useEffect(() => {
    if (!ready) return;
    const t = setTimeout(() => void ensureBundle(translation), BUNDLE_DELAY_MS);
    return () => clearTimeout(t);
  }, [ready, translation]);
}

/** Whether the whole translation is saved, and whether it is downloading now (for the status beside it). */
export function useOfflineBundleStatus(translation: Translation) {
  const loading = useAtomValue(bundleLoadingAtom);
  const [saved, setSaved] = useState(() => isFullyCached(translation));
  useEffect(() => setSaved(isFullyCached(translation)), [loading, translation]);
  return { saved, loading };
}
