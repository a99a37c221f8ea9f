import { lazy, Suspense, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../components/toast';
import { SubmitButton } from '../../../components/FormSubmit';
import type { ConfirmedCard } from '../api/billing';
import { useBillingConfig } from '../hooks/useBillingConfig';
import { billingMessages } from '../state/messages';
import type { ConfirmOutcome } from './cardFields';
import SandboxCardFields from './SandboxCardFields';

// Stripe.js and Elements only when the provider is Stripe, and only on a page that takes a card.
const StripeCardFields = lazy(() => import('./StripeCardFields'));

export interface CardFormProps {
  /** null until the setup intent answered: 'Setting up payment options...' is shown. */
  clientSecret: string | null;
  submitLabel: string;
  busyLabel?: string;
  /** The accessible name of the form. */
  label: string;
  /**
   * What to do with the confirmed card (register, add it). Resolve with a message to show it in
   * red under the form (the caller has toasted it), or nothing on success.
   */
  onConfirmed: (card: ConfirmedCard) => Promise<string | void>;
  /** Notes between the fields and the button. */
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * One card form whichever the provider (GET /api/billing/config): the sandbox's own fields or
 * Stripe Elements. A card the provider refuses toasts 'Payment Setup Failed' with its message and
 * the reader stays on the form to try another.
 */
export function CardForm({
  clientSecret,
  submitLabel,
  busyLabel = 'Processing...',
  label,
  onConfirmed,
  children,
  footer,
}: CardFormProps) {
  const { config, error: configError } = useBillingConfig();
  const confirmRef = useRef<(() => Promise<ConfirmOutcome>) | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (configError) return <p className="text-sm font-medium text-danger">{configError}</p>;
  if (!config || !clientSecret)
    return (
      <p role="status" className="py-6 text-center text-muted">
        Setting up payment options...
      </p>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !confirmRef.current) return;
    setPending(true);
    setError(null);
    try {
      const outcome = await confirmRef.current();
      if (!outcome.ok) {
        if (outcome.message) {
          toast({ title: billingMessages.paymentSetupFailed, description: outcome.message, variant: 'destructive' });
          setError(outcome.message);
        }
        setPending(false);
        return;
      }
      const failure = await onConfirmed(outcome.card);
      if (failure) setError(failure);
    } catch (err) {
      console.error(err);
      toast({
        title: billingMessages.paymentSetupFailed,
        description: billingMessages.unexpected,
        variant: 'destructive',
      });
      setError(billingMessages.unexpected);
    }
    setPending(false);
  };

  const fieldsProps = { clientSecret, confirmRef, disabled: pending, publishableKey: config.publishableKey };
  return (
    <form noValidate aria-label={label} onSubmit={(e) => void submit(e)} className="grid gap-4">
      {config.provider === 'stripe' ? (
        <Suspense
          fallback={
            <p role="status" className="py-6 text-center text-muted">
              Setting up payment options...
            </p>
          }
        >
          <StripeCardFields {...fieldsProps} />
        </Suspense>
      ) : (
        <SandboxCardFields {...fieldsProps} />
      )}
      {children}
      {error && (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <SubmitButton pending={pending} idle={submitLabel} busy={busyLabel} />
      {footer}
    </form>
  );
}
