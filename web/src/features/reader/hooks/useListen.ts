import { useEffect, useState } from 'react';

/** Room kept at the bottom of the window for Listen's player. */
const PLAYER_ROOM_PX = 96;

/**
 * Listen: whether the player is on, and the verse being read, which is marked and kept in view:
 * moved only when it is (or runs) off screen, so the page does not jump at every verse.
 */
export function useListen() {
  const [listening, setListening] = useState(false);
  const [readingVerse, setReadingVerse] = useState<number | null>(null);
  useEffect(() => {
    if (readingVerse === null) return;
    const el = document.getElementById(`verse-${readingVerse}`);
    if (!el) return;
    const box = el.getBoundingClientRect();
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    if (box.top < header || box.bottom > window.innerHeight - PLAYER_ROOM_PX) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
    }
  }, [readingVerse]);
  return {
    listening,
    toggle: () => {
      if (listening) setReadingVerse(null);
      setListening(!listening);
    },
    // The mark goes in the same render as the player, not in the render its unmounting schedules.
    stop: () => {
      setListening(false);
      setReadingVerse(null);
    },
    readingVerse,
    setReadingVerse,
  };
}
