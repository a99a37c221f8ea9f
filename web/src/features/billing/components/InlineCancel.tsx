import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui';
import { useCancelSubscription } from '../hooks/useCancelSubscription';

/** Cancelling during the trial: nothing is ever charged. */
export const TRIAL_CANCEL_MESSAGE = 'You will not be charged when your trial ends, and Premium will not start.';

/** Cancel with a second confirmation, inline (the account page): 'Confirm Cancellation' / 'Keep Subscription'. */
export function InlineCancel({
  label = 'Cancel Subscription',
  message = 'You will keep premium access until the end of your current billing period. After that, your account returns to the free plan.',
}: {
  label?: string;
  message?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const { pending, cancel } = useCancelSubscription();
  const keepRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (wasConfirming.current) cancelRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  if (!confirming)
    return (
      <Button ref={cancelRef} variant="outline" onClick={() => setConfirming(true)}>
        {label}
      </Button>
    );

  return (
    <div
      role="group"
      aria-labelledby="cancel-confirm-title"
      className="rounded-xl border border-danger bg-danger-soft p-4 text-sm"
    >
      <h3 id="cancel-confirm-title" className="text-base font-semibold">
        Cancel your subscription?
      </h3>
      <p className="mt-1">{message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="danger"
          disabled={pending}
          onClick={async () => {
            if (!(await cancel())) setConfirming(false);
          }}
        >
          {pending ? 'Cancelling...' : 'Confirm Cancellation'}
        </Button>
        <Button ref={keepRef} variant="outline" disabled={pending} onClick={() => setConfirming(false)}>
          Keep Subscription
        </Button>
      </div>
    </div>
  );
}
