import { lazy, Suspense, useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { TOAST_LANE_CLASS, toastLaneAtom } from './lane';
import { useToasts } from './instance';

const ToastItem = lazy(() => import('./ToastItem'));

/**
 * The toast viewport, one toast at a time, in the lane the page names (lane.ts): never over the text or the chat button.
 * F8 moves focus to the region. Swiping a toast right by 50 px dismisses it (ToastItem.tsx).
 */
export function Toaster() {
  const toasts = useToasts();
  const regionRef = useRef<HTMLOListElement>(null);
  const lane = useAtomValue(toastLaneAtom);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        const first = regionRef.current?.querySelector<HTMLElement>('li');
        (first ?? regionRef.current)?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      aria-label="Notifications (F8)"
      className={`pointer-events-none fixed z-[100] flex justify-end p-4 ${TOAST_LANE_CLASS[lane]}`}
    >
      <ol ref={regionRef} tabIndex={-1} className="flex w-full flex-col gap-2 outline-none">
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} />
          ))}
        </Suspense>
      </ol>
    </section>
  );
}
