import { useEffect, useState } from 'react';
import { AppDialog, ConfirmDialog } from '../../../components/Dialog';
import { CardIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { refreshAuth } from '../../../lib/auth';
import {
  addPaymentMethod,
  createSetupIntent,
  removePaymentMethod,
  setDefaultPaymentMethod,
  type PaymentMethod,
} from '../api/billing';
import { usePaymentMethods } from '../hooks/usePaymentMethods';
import { brandName, expiryLabel } from '../state/cards';
import { billingErrorText } from '../state/errors';
import { billingMessages } from '../state/messages';
import { CardForm } from './CardForm';

/**
 * The saved cards: brand, last four, MM/YY expiry and the Default marker; add one (a 425 px
 * dialog with the provider's card form), make one the default, remove one after 'Remove Payment
 * Method?'. The server refuses to remove the card a subscription needs, and says why.
 */
export function PaymentMethodsManager({ onChanged }: { onChanged?: () => void }) {
  const { methods, error, reload } = usePaymentMethods();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const changed = async () => {
    await reload();
    await refreshAuth();
    onChanged?.();
  };

  const makeDefault = async (pm: PaymentMethod) => {
    setBusy(pm.id);
    try {
      await setDefaultPaymentMethod(pm.id);
      toast({
        title: 'Default payment method updated',
        description: `${brandName(pm.brand)} ending in ${pm.last4} is now your default card.`,
      });
      await changed();
    } catch (e) {
      toast({
        title: billingMessages.defaultFailedTitle,
        description: billingErrorText(e, billingMessages.defaultFailed),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    const pm = removing;
    setBusy(pm.id);
    try {
      await removePaymentMethod(pm.id);
      toast({
        title: 'Payment method removed',
        description: `${brandName(pm.brand)} ending in ${pm.last4} has been removed.`,
      });
      setRemoving(null);
      await changed();
    } catch (e) {
      setRemoving(null);
      toast({
        title: billingMessages.removeFailedTitle,
        description: billingErrorText(e, billingMessages.removeFailed),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="payment-methods-title" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="payment-methods-title" className="text-base font-semibold">
          Payment methods
        </h3>
        <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
          <CardIcon width={16} height={16} /> Add Payment Method
        </Button>
      </div>
      {error ? (
        <p className="text-sm font-medium text-danger">{error}</p>
      ) : methods === null ? (
        <p role="status" className="text-sm text-muted">
          Loading payment methods...
        </p>
      ) : methods.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-3 py-4 text-center text-sm text-muted">
          {billingMessages.noMethods}
        </p>
      ) : (
        <ul aria-label="Saved cards" className="grid gap-2">
          {methods.map((pm) => (
            <li
              key={pm.id}
              aria-label={`${brandName(pm.brand)} ending in ${pm.last4}`}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2.5"
            >
              <CardIcon width={20} height={20} className="shrink-0 text-muted" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {brandName(pm.brand)} <span className="tabular-nums">•••• {pm.last4}</span>
                  {pm.isDefault && (
                    <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-ink">
                      Default
                    </span>
                  )}
                </p>
                <p className="text-xs text-muted">Expires {expiryLabel(pm.expMonth, pm.expYear)}</p>
              </div>
              <div className="flex gap-1">
                {!pm.isDefault && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={busy !== null}
                    onClick={() => void makeDefault(pm)}
                    aria-label={`Set ${brandName(pm.brand)} ending in ${pm.last4} as default`}
                  >
                    Set as default
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  className="!text-danger"
                  disabled={busy !== null}
                  onClick={() => setRemoving(pm)}
                  aria-label={`Remove ${brandName(pm.brand)} ending in ${pm.last4}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <AddCardDialog
        isOpen={adding}
        onOpenChange={setAdding}
        onAdded={async () => {
          setAdding(false);
          await changed();
        }}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => !open && busy === null && setRemoving(null)}
        title={billingMessages.removeTitle}
        message={
          <>
            {removing && `${brandName(removing.brand)} ending in ${removing.last4}. `}
            {billingMessages.removeText}
          </>
        }
        confirmLabel="Remove"
        cancelLabel="Cancel"
        pending={busy !== null}
        pendingLabel="Removing..."
        onConfirm={() => void remove()}
      />
    </section>
  );
}

/** The spec's add-card dialog: 425 px wide, the provider's card form under a fresh setup intent. */
export function AddCardDialog({
  isOpen,
  onOpenChange,
  onAdded,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: () => Promise<void>;
}) {
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Each Try Again asks for a fresh setup intent.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!isOpen) return;
    let live = true;
    setClientSecret(null);
    setFailure(null);
    createSetupIntent().then(
      (secret) => live && setClientSecret(secret),
      (e: unknown) => {
        console.error(billingMessages.setupIntentFailed, e);
        if (live) setFailure(billingErrorText(e, billingMessages.setupIntentInit));
      },
    );
    return () => {
      live = false;
    };
  }, [isOpen, attempt]);

  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Add Payment Method"
      description="Save a card for your subscription."
      maxWidth={425}
    >
      {failure ? (
        <div className="grid justify-items-start gap-3">
          <div role="alert" className="text-sm">
            <p className="font-medium text-danger">{billingMessages.setupIntentInit}</p>
            {/* The server's reason, when it gave one other than the title. */}
            {failure !== billingMessages.setupIntentInit && <p className="mt-1 text-muted">{failure}</p>}
          </div>
          <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            Try Again
          </Button>
        </div>
      ) : (
        <CardForm
          label="Add a card"
          clientSecret={clientSecret}
          submitLabel="Save Card"
          onConfirmed={async (card) => {
            try {
              await addPaymentMethod(card.paymentMethodId);
            } catch (e) {
              const message = billingErrorText(e, billingMessages.confirmPaymentFailed);
              toast({ title: billingMessages.paymentSetupFailed, description: message, variant: 'destructive' });
              return message;
            }
            toast({
              title: 'Payment method added',
              description:
                'last4' in card
                  ? `${brandName(card.brand)} ending in ${card.last4} has been saved.`
                  : 'Your card has been saved.',
            });
            await onAdded();
          }}
        />
      )}
    </AppDialog>
  );
}

/** 'Update payment method': the manager in a 500 px dialog (alternate management page, past_due fix). */
export function UpdatePaymentDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="Update payment method"
      description="Your default card pays for your subscription."
      maxWidth={500}
    >
      <PaymentMethodsManager />
    </AppDialog>
  );
}
