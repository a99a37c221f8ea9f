/** Placement of the 'Bible Navigation' popup opened at the pointer. */
export interface PopupPlacement {
  left: number;
  top: number;
  maxWidth: number;
  maxHeight: number;
}

export const POPUP_MAX_WIDTH = 320;
export const POPUP_MAX_HEIGHT = 500;
export const POPUP_TOP_GAP = 80;
export const POPUP_EDGE_GAP = 20;

/**
 * Max height min(500, 80% of the window height), max width min(320, 80% of the window width),
 * at least 80 px from the top and 20 px from the other edges. The box opens at the pointer and is
 * pushed back inside when it would overflow; on a very small window it shrinks instead.
 */
export function placePopup(
  pointer: { x: number; y: number },
  viewport: { width: number; height: number },
): PopupPlacement {
  const { width, height } = viewport;
  let maxWidth = Math.min(POPUP_MAX_WIDTH, width * 0.8);
  let maxHeight = Math.min(POPUP_MAX_HEIGHT, height * 0.8);
  maxWidth = Math.max(0, Math.min(maxWidth, width - 2 * POPUP_EDGE_GAP));
  maxHeight = Math.max(0, Math.min(maxHeight, height - POPUP_TOP_GAP - POPUP_EDGE_GAP));
  const left = clamp(pointer.x, POPUP_EDGE_GAP, width - POPUP_EDGE_GAP - maxWidth);
  const top = clamp(pointer.y, POPUP_TOP_GAP, height - POPUP_EDGE_GAP - maxHeight);
  return {
    left: Math.round(left),
    top: Math.round(top),
    maxWidth: Math.floor(maxWidth),
    maxHeight: Math.floor(maxHeight),
  };
}

function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.max(min, Math.min(value, Math.max(min, max)));
}
