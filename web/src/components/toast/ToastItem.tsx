import { useRef } from 'react';
import { toastStore } from './instance';
import type { Toast } from './store';

const SWIPE_THRESHOLD = 50;

/** One toast: its own chunk, fetched with the first toast (few pages show one), not with every page. */
export default function ToastItem({ toast }: { toast: Toast }) {
  const start = useRef<number | null>(null);
  const ref = useRef<HTMLLIElement>(null);
  const destructive = toast.variant === 'destructive';

  return (
    // A toast is focusable (F8 moves focus to the region) so Escape can dismiss it; swiping is a pointer extra.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      ref={ref}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onKeyDown={(e) => {
        if (e.key === 'Escape') toastStore.dismiss(toast.id);
      }}
      onPointerDown={(e) => {
        start.current = e.clientX;
      }}
      onPointerMove={(e) => {
        if (start.current === null || !ref.current) return;
        const dx = Math.max(0, e.clientX - start.current);
        ref.current.style.transform = `translateX(${dx}px)`;
      }}
      onPointerUp={(e) => {
        if (start.current !== null && e.clientX - start.current > SWIPE_THRESHOLD) toastStore.dismiss(toast.id);
        else if (ref.current) ref.current.style.transform = '';
        start.current = null;
      }}
      onPointerCancel={() => {
        start.current = null;
        if (ref.current) ref.current.style.transform = '';
      }}
      className={[
        'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg transition-all duration-200',
        toast.open ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0',
        destructive ? 'border-danger bg-danger text-white dark:text-[#1a0d0b]' : 'border-line bg-surface text-ink',
      ].join(' ')}
    >
      {/* The live region sits inside the <li>: a role on the <li> itself would break the list's semantics. */}
      <div
        className="grid gap-1"
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        {toast.title && <div className="text-sm font-semibold">{toast.title}</div>}
        {toast.description && <div className="text-sm opacity-90">{toast.description}</div>}
        {toast.action && (
          <button
            type="button"
            className="mt-1 justify-self-start rounded-md border border-current px-2 py-1 text-xs font-medium"
            onClick={() => {
              toast.action?.onAction();
              toastStore.dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        )}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
        onClick={() => toastStore.dismiss(toast.id)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M18 6 6 18M6 6l12 12" />
        </svg>
      </button>
    </li>
  );
}
