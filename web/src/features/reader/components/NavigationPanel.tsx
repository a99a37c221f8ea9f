import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons';

export interface NavigationPanelProps {
  id: string;
  open: boolean;
  /** Above 1024 px the panel is docked beside the passage; at or below it is a drawer. */
  wide: boolean;
  onClose(): void;
  children: ReactNode;
}

export function NavigationPanel({ id, open, wide, onClose, children }: NavigationPanelProps) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const drawer = !wide;

  useEffect(() => {
    if (!drawer || !open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer, open, onClose]);

  if (!open) return null;

  return (
    <>
      {drawer && (
        <div aria-hidden="true" className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" onClick={onClose} />
      )}
      <nav
        id={id}
        aria-label="Bible navigation panel"
        className={
          drawer
            ? 'fixed inset-y-0 left-0 z-50 flex w-[min(20rem,88vw)] flex-col border-r border-line bg-page shadow-2xl'
            : 'sticky top-14 flex h-[calc(100dvh-3.5rem)] w-80 shrink-0 flex-col border-r border-line bg-page'
        }
      >
        {drawer && (
          <div className="flex h-14 items-center justify-between border-b border-line px-4">
            <span className="font-serif text-lg font-semibold">Navigate</span>
            <button
              ref={closeRef}
              type="button"
              onClick={onClose}
              className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm text-ink hover:bg-raised"
            >
              <CloseIcon width={16} height={16} /> Close Navigation
            </button>
          </div>
        )}
        <div className="flex-1 overflow-y-auto overscroll-contain p-4">{children}</div>
      </nav>
    </>
  );
}
