import { useEffect, useState, type RefObject } from 'react';
import type { ReaderPosition } from '../state/readerUrl';
import { verseScrollTop } from '../state/verseScroll';

/** Around the billing banner above the passage, which a scroll to a verse must not leave half under the header. */
export const BANNER_SLOT_ID = 'reader-banner';
const VERSE_SCROLL_DELAY_MS = 100;
const VERSE_FLASH_MS = 1000;

/**
 * A new chapter starts at the top; a chosen verse is centred (clear of the header and the banner)
 * and flashed once the chapter is shown, unless it was reached without a scroll (`skipScrollFor`).
 * Returns the verse flashing now.
 */
export function useVerseScroll(
  pos: ReaderPosition,
  ready: boolean,
  jumpSeq: number,
  skipScrollFor: RefObject<string | null>,
): number | null {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pos.book, pos.chapter]);

  const [flashVerse, setFlashVerse] = useState<number | null>(null);
  useEffect(() => {
    if (pos.verse === null || !ready) return;
    const key = `${pos.book}:${pos.chapter}:${pos.verse}`;
    if (skipScrollFor.current === key) {
      skipScrollFor.current = null;
      return;
    }
    const verse = pos.verse;
    let flashTimer: ReturnType<typeof setTimeout> | undefined;
    const scrollTimer = setTimeout(() => {
      const el = document.getElementById(`verse-${verse}`);
      if (!el) {
        console.warn(`Verse element not found: verse-${verse}`);
        return;
      }
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      const on = (r: DOMRect) => ({ top: r.top + window.scrollY, bottom: r.bottom + window.scrollY });
      const verseBox = el.getBoundingClientRect();
      const banner = document.getElementById(BANNER_SLOT_ID)?.getBoundingClientRect();
      const top = verseScrollTop({
        verseTop: on(verseBox).top,
        verseHeight: verseBox.height,
        viewportHeight: window.innerHeight,
        headerHeight: document.querySelector('header')?.getBoundingClientRect().height ?? 0,
        bannerTop: banner ? on(banner).top : 0,
        bannerBottom: banner ? on(banner).bottom : 0,
      });
      window.scrollTo({ top, behavior: smooth ? 'smooth' : 'auto' });
      setFlashVerse(verse);
      flashTimer = setTimeout(() => setFlashVerse(null), VERSE_FLASH_MS);
    }, VERSE_SCROLL_DELAY_MS);
    return () => {
      clearTimeout(scrollTimer);
      if (flashTimer) {
        clearTimeout(flashTimer);
        setFlashVerse(null);
      }
    };
  }, [pos.book, pos.chapter, pos.verse, ready, jumpSeq, skipScrollFor]);
  return flashVerse;
}
