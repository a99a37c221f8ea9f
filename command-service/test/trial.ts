import { expect } from 'vitest';
import { freshCardNumber } from '@lectio/testing/cards';
import type { TestClient, TestResponse } from '@lectio/testing/http';

/** Saves a card on the signed-in reader's account, as /trial and the cards manager do (a card of its own unless given). */
export async function saveCard(c: TestClient, number = freshCardNumber()): Promise<void> {
  const { clientSecret } = (await c.post('/api/create-setup-intent')).body;
  const confirmed = await c.post('/api/sandbox/confirm-setup', {
    clientSecret,
    card: { number, expMonth: 12, expYear: 2031, cvc: '123' },
  });
  expect(confirmed.status).toBe(200);
  expect((await c.post('/api/add-payment-method', { paymentMethodId: confirmed.body.paymentMethodId })).status).toBe(
    200,
  );
}

/** A signed-in reader's trial as /trial starts it: the card first, then POST /api/start-trial. */
export async function startTrialOnCard(c: TestClient, number?: string): Promise<TestResponse> {
  await saveCard(c, number);
  return c.post('/api/start-trial');
}
