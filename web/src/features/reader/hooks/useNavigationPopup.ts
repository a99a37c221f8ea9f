import { useCallback, useState } from 'react';

export type PopupPoint = { x: number; y: number };

/** The navigation popup a verse's long press (or right click) opens at that point. */
export function useNavigationPopup() {
  const [at, setAt] = useState<PopupPoint | null>(null);
  const open = useCallback((point: PopupPoint) => setAt(point), []);
  const close = useCallback(() => setAt(null), []);
  return { at, open, close };
}
