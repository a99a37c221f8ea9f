import { useId, type ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { CloseIcon } from '../../../components/icons';
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
  const place = at ? placePopup(at, { width: window.innerWidth, height: window.innerHeight }) : null;
  return (
    <Modal
      isOpen={!!at}
      onOpenChange={(open) => !open && onClose()}
      placement="placed"
      style={place ? { left: place.left, top: place.top, maxHeight: place.maxHeight, maxWidth: place.maxWidth, width: place.maxWidth } : undefined}
      aria-describedby={descriptionId}
      dialogClassName="flex min-h-0 flex-col"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-2.5">
        <Heading slot="title" className="font-serif text-base font-semibold">
          Bible Navigation
        </Heading>
        <button type="button" aria-label="Close" onClick={onClose} className="grid size-8 place-items-center rounded-md text-muted hover:bg-raised">
          <CloseIcon width={16} height={16} />
        </button>
      </div>
      <p id={descriptionId} className="sr-only">
        navigate through books, chapters and verses
      </p>
      <div className="min-h-0 overflow-y-auto overscroll-contain p-4">{children}</div>
    </Modal>
  );
}
