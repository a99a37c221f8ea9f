import { useEffect, useState } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '../../../components/ui';
import { billingMessages } from '../state/messages';
import type { CardFieldsProps } from './cardFields';

/*
 * Stripe Elements. This module is imported lazily by CardForm, only on pages that take a card
 * and only when the server's provider is Stripe, so neither the reader nor sandbox pages load it.
 */

/** Stripe.js comes from js.stripe.com; a reader offline or behind a blocker must not wait forever. */
const LOAD_TIMEOUT_MS = 15_000;
const LOAD_FAILED = 'The card form could not be loaded from Stripe. Check your connection and try again.';

const stripes = new Map<string, Promise<Stripe>>();
function stripeFor(key: string): Promise<Stripe> {
  let p = stripes.get(key);
  if (!p) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(LOAD_FAILED)), LOAD_TIMEOUT_MS);
    });
    p = Promise.race([loadStripe(key), timeout])
      .then((stripe) => {
        if (!stripe) throw new Error(LOAD_FAILED);
        return stripe;
      })
      .catch((e: unknown) => {
        stripes.delete(key); // the next attempt loads again
        throw e;
      })
      .finally(() => clearTimeout(timer));
    stripes.set(key, p);
  }
  return p;
}

export default function StripeCardFields(props: CardFieldsProps) {
  const [state, setState] = useState<{ stripe: Stripe | null; error: string | null }>({ stripe: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!props.publishableKey) return;
    let live = true;
    setState({ stripe: null, error: null });
    stripeFor(props.publishableKey).then(
      (stripe) => live && setState({ stripe, error: null }),
      (e: unknown) => {
        console.error(billingMessages.setupIntentInit, e);
        if (live) setState({ stripe: null, error: LOAD_FAILED });
      },
    );
    return () => {
      live = false;
    };
  }, [props.publishableKey, attempt]);

  if (!props.publishableKey)
    return <p className="text-sm font-medium text-danger">{billingMessages.setupIntentInit}</p>;
  if (state.error)
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="font-medium text-danger">{state.error}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setAttempt((n) => n + 1)}>
          Try Again
        </Button>
      </div>
    );
  if (!state.stripe)
    return (
      <p role="status" className="py-6 text-center text-muted">
        Setting up payment options...
      </p>
    );
  return (
    <Elements stripe={state.stripe}>
      <StripeCard {...props} />
    </Elements>
  );
}

function StripeCard({ clientSecret, confirmRef, disabled }: CardFieldsProps) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    confirmRef.current = async () => {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) return { ok: false, message: billingMessages.somethingWrong };
      try {
        // Without a redirect where possible (3-D Secure opens Stripe's own modal).
        const { setupIntent, error } = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (error) return { ok: false, message: error.message ?? billingMessages.somethingWrong };
        const pm = setupIntent?.payment_method;
        const paymentMethodId = typeof pm === 'string' ? pm : pm?.id;
        if (!paymentMethodId) return { ok: false, message: billingMessages.notAttached };
        return { ok: true, card: { paymentMethodId } };
      } catch {
        return { ok: false, message: billingMessages.unexpectedTryAgain };
      }
    };
    return () => {
      confirmRef.current = null;
    };
  }, [stripe, elements, clientSecret, confirmRef]);

  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">Card details</span>
      <div className="rounded-lg border border-line bg-white px-3 py-3 shadow-sm">
        <CardElement
          options={{ disabled, hidePostalCode: false, style: { base: { fontSize: '16px', color: '#1f1a14' } } }}
        />
      </div>
      <p className="text-xs text-muted">Card details are sent straight to Stripe; Lectio never sees the number.</p>
    </div>
  );
}
