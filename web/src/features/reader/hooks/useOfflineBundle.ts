import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { bundleLoadingAtom, ensureBundle, isFullyCached } from '../offline/bundleDownload';
import type { Translation } from '../state/readerUrl';

/** Reading starts first: the whole translation is downloaded for offline reading 2 s after a chapter shows. */
const BUNDLE_DELAY_MS = 2000;

/** Keeps the whole translation offline (once); says whether it is saved and whether it is downloading now. */
export function useOfflineBundle(ready: boolean, translation: Translation) {
  const loading = useAtomValue(bundleLoadingAtom);
  const [saved, setSaved] = useState(() => isFullyCached(translation));
  useEffect(() => {
    if (!ready) return;
    const t = setTimeout(() => void ensureBundle(translation), BUNDLE_DELAY_MS);
    return () => clearTimeout(t);
  }, [ready, translation]);
  useEffect(() => setSaved(isFullyCached(translation)), [loading, translation]);
  return { saved, loading };
}
