import type { MouseEvent, ReactNode } from 'react';

/**
 * A skip link: hidden until focused from the keyboard, then shown top left. A focusable target
 * (a button) gets the focus itself; for a region the fragment moves where the next Tab starts.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target || target.tabIndex < 0) return;
    e.preventDefault();
    target.focus();
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={onClick}
      className="sr-only z-[200] rounded-md bg-accent px-3 py-2 text-accent-ink focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      {children}
    </a>
  );
}
