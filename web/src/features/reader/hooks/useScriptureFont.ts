import { useEffect, useState } from 'react';
import { SCRIPTURE_FONT as FONT } from '../scriptureFont';
/** Once the face has loaded (or the wait ran out) in this page, no chapter waits again. */
let settled = false;

function loadedNow(): boolean {
  try {
    return settled || typeof document === 'undefined' || !('fonts' in document) || document.fonts.check(FONT);
  } catch {
    return true;
  }
}

/**
 * Whether the Scripture face (Literata, loaded from the page's head on /home) is there, waiting at most `maxWaitMs`:
 * the chapter is first set in its own face, so the text does not reflow and push what follows when
 * the face arrives after the fallback (0.17 of layout shift at 390 px). `font-display: swap` still
 * applies where it is slower than that.
 */
export function useScriptureFont(maxWaitMs = 800): boolean {
  const [ready, setReady] = useState(loadedNow);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const done = () => {
      settled = true;
      if (live) setReady(true);
    };
    const timer = setTimeout(done, maxWaitMs);
    document.fonts.load(FONT).then(done, done);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ready, maxWaitMs]);
  return ready;
}
