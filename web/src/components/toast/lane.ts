import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';

/**
 * Where toasts go, so they never cover the Scripture or the chat button. 'page': at the top under
 * the header on phones, bottom right above the chat button from 768 px. The reader names a quieter
 * place while it has one: 'navigation', over the docked navigation panel (bottom left), or 'side',
 * over the docked assistant or study panel (bottom right).
 */
export type ToastLane = 'page' | 'navigation' | 'side';

export const toastLaneAtom = atom<ToastLane>('page');

/** Sets the lane while the calling page is shown. */
export function useToastLane(lane: ToastLane) {
  const set = useSetAtom(toastLaneAtom);
  useEffect(() => {
    set(lane);
    return () => set('page');
  }, [lane, set]);
}

/** The toast region's placement in each lane. */
export const TOAST_LANE_CLASS: Record<ToastLane, string> = {
  page: 'inset-x-0 top-14 max-md:pt-2 md:top-auto md:bottom-20 md:left-auto md:right-0 md:max-w-[420px]',
  navigation: 'left-0 bottom-0 w-80',
  side: 'right-0 bottom-20 w-[clamp(20rem,32vw,26rem)]',
};
