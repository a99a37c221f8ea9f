import type { ReactNode } from 'react';
import { Heading } from 'react-aria-components';
import { CloseIcon } from './icons';
import { Modal } from './Modal';
import { Button } from './ui';

/*
 * The app's titled dialog (a title, a description, a close button) and its yes/no confirmation,
 * on the one Modal of Modal.tsx. It lives outside ui.tsx so the plain buttons the reader's first
 * load uses never pull react-aria's overlay code into that chunk.
 */

export interface AppDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** CSS max width, e.g. 425 (the spec's add-card dialog) or 500 (update payment method). */
  maxWidth?: number;
  /** alertdialog for confirmations: no dismiss by clicking outside. */
  role?: 'dialog' | 'alertdialog';
  children?: ReactNode;
}

export function AppDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  maxWidth = 480,
  role = 'dialog',
  children,
}: AppDialogProps) {
  const alert = role === 'alertdialog';
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={!alert}
      overlayClassName="overflow-y-auto"
      style={{ maxWidth }}
      role={role}
      dialogClassName="relative"
    >
      <Heading slot="title" className="pr-10 font-serif text-xl font-semibold">
        {title}
      </Heading>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      {!alert && (
        <Button
          variant="ghost"
          size="icon"
          className="absolute -right-2 -top-2"
          aria-label="Close"
          onClick={() => onOpenChange(false)}
        >
          <CloseIcon width={18} height={18} />
        </Button>
      )}
      {children && <div className="mt-5">{children}</div>}
    </Modal>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  pendingLabel?: string;
  destructive?: boolean;
}

/** A yes/no question (role alertdialog); the safe answer has the focus first. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending,
  pendingLabel,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      description={message}
      role="alertdialog"
      maxWidth={440}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" autoFocus disabled={pending} onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} disabled={pending} onClick={onConfirm}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </AppDialog>
  );
}
