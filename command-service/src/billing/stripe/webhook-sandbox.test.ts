import { afterAll, beforeAll, expect, it } from 'vitest';
import { billingMessages } from '@lectio/contracts/billing';
import { startTestLectio } from '../../../test/test-lectio';

// On the sandbox provider (no STRIPE_* set) the webhook route takes nothing, whoever signs.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ commands: { billing: { noWorker: true } } });
}, 120_000);
afterAll(async () => {
  await t?.close();
}, 60_000);

it('answers 404 with a message when Stripe is not configured', async () => {
  const r = await t.lectio.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload: JSON.stringify({ id: 'evt_1', type: 'invoice.paid' }),
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
  });
  expect(r.statusCode).toBe(404);
  expect(r.json()).toEqual({ message: billingMessages.stripeNotConfigured });
});
