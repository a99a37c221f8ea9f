import { useEffect, useMemo } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { billingMessages } from '../state/messages';
import type { CardFieldsProps } from './cardFields';

/*
 * Stripe Elements. This module is imported lazily by CardForm, only on pages that take a card
 * and only when the server's provider is Stripe, so neither the reader nor sandbox pages load it.
 */

const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let p = stripes.get(key);
  if (!p) {
    p = loadStripe(key).catch((e: unknown) => {
      stripes.delete(key);
      throw e;
    });
    stripes.set(key, p);
  }
  return p;
}

export default function StripeCardFields(props: CardFieldsProps) {
  const stripe = useMemo(() => (props.publishableKey ? stripeFor(props.publishableKey) : null), [props.publishableKey]);
  if (!stripe) return <p className="text-sm font-medium text-danger">{billingMessages.setupIntentInit}</p>;
  return (
    <Elements stripe={stripe}>
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
        <CardElement options={{ disabled, hidePostalCode: false, style: { base: { fontSize: '16px', color: '#1f1a14' } } }} />
      </div>
      <p className="text-xs text-muted">Card details are sent straight to Stripe; Lectio never sees the number.</p>
    </div>
  );
}
