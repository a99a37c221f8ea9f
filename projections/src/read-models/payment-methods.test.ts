import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { projectionSpec } from '@lectio/platform/testing';
import { paymentMethodsProjection } from './payment-methods';

// billing_payment_methods, given each event type the `payment-methods` projection handles.
const spec = projectionSpec(paymentMethodsProjection);
afterAll(() => spec.close());

const cards =
  'SELECT payment_method_id, brand, last4, exp_month, exp_year, is_default FROM billing_payment_methods WHERE user_id = $1 ORDER BY payment_method_id';
const added = (streamId: string, paymentMethodId: string, last4: string) => ({
  streamId,
  type: 'PaymentMethodAdded' as const,
  data: {
    paymentMethodId,
    brand: 'visa' as const,
    last4,
    expMonth: 12,
    expYear: 2031,
    customerId: 'cus_1',
    addedAt: '2026-01-02T00:00:00.000Z',
  },
});
const row = (payment_method_id: string, last4: string, is_default: boolean) => ({
  payment_method_id,
  brand: 'visa',
  last4,
  exp_month: 12,
  exp_year: 2031,
  is_default,
});
const setDefault = (streamId: string, paymentMethodId: string) => ({
  streamId,
  type: 'DefaultPaymentMethodSet' as const,
  data: { paymentMethodId, setAt: '2026-01-03T00:00:00.000Z' },
});

describe('payment-methods read model', () => {
  it('PaymentMethodAdded: the card, not yet the default; DefaultPaymentMethodSet: that card alone is the default', async () => {
    const userId = randomUUID();
    const sub = streams.subscription(userId);
    await spec
      .given(added(sub, 'pm_a', '4242'), added(sub, 'pm_b', '1111'))
      .then(cards, [userId], [row('pm_a', '4242', false), row('pm_b', '1111', false)]);
    await spec
      .given(setDefault(sub, 'pm_a'), setDefault(sub, 'pm_b'))
      .then(cards, [userId], [row('pm_a', '4242', false), row('pm_b', '1111', true)]);
  });

  it('PaymentMethodRemoved: the card is gone, the others stay', async () => {
    const userId = randomUUID();
    const sub = streams.subscription(userId);
    await spec
      .given(added(sub, 'pm_a', '4242'), added(sub, 'pm_b', '1111'), {
        streamId: sub,
        type: 'PaymentMethodRemoved',
        data: { paymentMethodId: 'pm_a', removedAt: '2026-01-04T00:00:00.000Z' },
      })
      .then(cards, [userId], [row('pm_b', '1111', false)]);
  });
});
