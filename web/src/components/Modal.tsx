import type { CSSProperties, ReactNode } from 'react';
import { Dialog, Modal as AriaModal, ModalOverlay, type DialogRenderProps } from 'react-aria-components';

/*
 * The app's modal surfaces, wrapped once over react-aria-components' ModalOverlay > Modal > Dialog
 * (focus trap, Escape, inert background, a labelled dialog) and styled here. Its own module, like
 * Dialog.tsx, so the plain buttons of the reader's first load never pull react-aria's overlay code.
 * The content names the dialog with `<Heading slot="title">`.
 */

/** The dimmed, blurred backdrop that centres its card. */
const CENTRED_OVERLAY = 'fixed inset-0 z-50 grid place-items-center bg-black/45 p-4 backdrop-blur-[2px]';
/** The card itself; a caller adds its width (max-w-md, a maxWidth style) and any scrolling. */
const CARD = 'w-full rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl outline-none';
/** A lighter backdrop and a free-standing panel placed by the caller (opened at the pointer). */
const PLACED_OVERLAY = 'fixed inset-0 z-50 bg-black/10 dark:bg-black/30';
const PLACED_PANEL =
  'fixed flex flex-col overflow-hidden rounded-xl border border-line bg-surface text-ink shadow-2xl outline-none';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Clicking outside closes it (true unless it asks a question that needs an answer). */
  isDismissable?: boolean;
  /** 'centred': a card in the middle of the page; 'placed': a panel where `style` puts it. */
  placement?: 'centred' | 'placed';
  /** Extra classes for the backdrop (e.g. overflow-y-auto). */
  overlayClassName?: string;
  /** Extra classes for the card (e.g. its max width). */
  className?: string;
  style?: CSSProperties;
  /** The dialog inside: its role, description and classes. */
  role?: 'dialog' | 'alertdialog';
  'aria-describedby'?: string;
  dialogClassName?: string;
  children: ReactNode | ((opts: DialogRenderProps) => ReactNode);
}

const join = (...classes: Array<string | undefined>) => classes.filter(Boolean).join(' ');

export function Modal({
  isOpen,
  onOpenChange,
  isDismissable = true,
  placement = 'centred',
  overlayClassName,
  className,
  style,
  role,
  'aria-describedby': describedBy,
  dialogClassName,
  children,
}: ModalProps) {
  const placed = placement === 'placed';
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      className={join(placed ? PLACED_OVERLAY : CENTRED_OVERLAY, overlayClassName)}
    >
      <AriaModal style={style} className={join(placed ? PLACED_PANEL : CARD, className)}>
        <Dialog role={role} aria-describedby={describedBy} className={join(dialogClassName, 'outline-none')}>
          {children}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
