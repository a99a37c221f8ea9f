import { useEffect, useState } from 'react';
import { cacheStatus, getRecord, type BibleCacheStatus, type Translation } from '../../reader';

const TICK_MS = 1000;
const MAX_TICKS = 100;

/**
 * The assistant side of the spec's cache record: checked every second for up to 100 ticks;
 * 'loading' while the record changed within the last 3 seconds, 'ready' once it is complete.
 */
export function useBibleCacheStatus(translation: Translation): BibleCacheStatus {
  const [status, setStatus] = useState<BibleCacheStatus>(() => statusOf(translation));
  useEffect(() => {
    let ticks = 0;
    setStatus(statusOf(translation));
    const timer = setInterval(() => {
      const next = statusOf(translation);
      setStatus(next);
      if (++ticks >= MAX_TICKS || next === 'ready') clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [translation]);
  return status;
}

const statusOf = (translation: Translation): BibleCacheStatus => cacheStatus(getRecord(translation));
