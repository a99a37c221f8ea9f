import { useEffect, useId, useState, type ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { ChevronDown, CloseIcon } from '../../../components/icons';
import { Modal } from '../../../components/Modal';
import { placePopup } from '../state/popup';

export interface NavigationPopupProps {
  at: { x: number; y: number } | null;
  onClose(): void;
  children: ReactNode;
}

/** The 'Bible Navigation' dialog opened at the pointer (right-click or long press on a verse). */
export default function NavigationPopup({ at, onClose, children }: NavigationPopupProps) {
  const descriptionId = useId();
  const { scroller, more } = useMoreBelow();
  const place = at ? placePopup(at, { width: window.innerWidth, height: window.innerHeight }) : null;
  return (
    <Modal
      isOpen={!!at}
      onOpenChange={(open) => !open && onClose()}
      placement="placed"
      style={
        place
          ? {
              left: place.left,
              top: place.top,
              maxHeight: place.maxHeight,
              maxWidth: place.maxWidth,
              width: place.maxWidth,
            }
          : undefined
      }
      aria-describedby={descriptionId}
      dialogClassName="flex min-h-0 flex-col"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-2.5">
        <Heading slot="title" className="font-serif text-base font-semibold">
          Bible Navigation
        </Heading>
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className="grid size-8 place-items-center rounded-md text-muted hover:bg-raised"
        >
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      <p id={descriptionId} className="sr-only">
        navigate through books, chapters and verses
      </p>
      <div className="relative flex min-h-0 flex-col">
        <div ref={scroller} className="min-h-0 overflow-y-auto overscroll-contain p-4">
          {children}
        </div>
        {more && (
          // A row cut at the bottom edge did not say the list goes on: a fade and a chevron do, until the end is reached.
          <div
            data-scroll-hint
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 grid h-10 place-items-end justify-center bg-gradient-to-t from-surface via-surface/85 to-transparent pb-1 text-muted"
          >
            <ChevronDown width={18} height={18} />
          </div>
        )}
      </div>
    </Modal>
  );
}

/** Whether the element has more to show below what is scrolled into view. */
function useMoreBelow() {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    if (!el) return;
    const check = () => setMore(el.scrollHeight - el.scrollTop - el.clientHeight > 4);
    check();
    el.addEventListener('scroll', check, { passive: true });
    const resized = new ResizeObserver(check);
    resized.observe(el);
    for (const child of el.children) resized.observe(child);
    return () => {
      el.removeEventListener('scroll', check);
      resized.disconnect();
    };
  }, [el]);
  return { scroller: setEl, more };
}
