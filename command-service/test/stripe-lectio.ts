import Stripe from 'stripe';
import { expect } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { crashAfter } from '@lectio/testing/faults';
import { startFakeStripe } from '@lectio/testing/stripe';
import { startTestLectio, type TestClient, unique } from './test-lectio';
import { freshCardNumber } from '@lectio/testing/cards';

/**
 * A whole Lectio in Stripe mode for tests: STRIPE_* point the official SDK at the fake Stripe
 * server (STRIPE_API_BASE), and `deliver` sends the fake's events to the real webhook route,
 * signed as Stripe signs them.
 */
export const WEBHOOK_SECRET = 'whsec_test_lectio_fake_signing_secret';
const password = 'Psalm-23:1 shepherd';

export async function startStripeLectio() {
  const fake = await startFakeStripe();
  /** `crash.arm('createTrialSubscription')`: Stripe answers that call, then our process 'dies' before the append. */
  const crash = crashAfter();
  const t = await startTestLectio({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_PRICE_ID: fake.priceId,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
    commands: {
      billing: {
        noWorker: true,
        wrapProvider: crash.wrap,
      },
    },
  });
  /** A client with the SDK of our own, to act at Stripe as the dashboard or Stripe itself would. */
  const stripe = new Stripe(fake.secretKey, {
    host: '127.0.0.1',
    port: Number(new URL(fake.url).port),
    protocol: 'http',
  });
  let delivered = 0;
  let ip = 1;

  async function post(payload: string, signature: string | null) {
    const res = await t.lectio.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });
    return { status: res.statusCode, body: res.json() };
  }
  /** Sends one event, signed with `secret` (Stripe's signing secret unless a test forges one). */
  const deliver = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
  };
  /** Delivers every event the fake emitted since the last call, in order; each must be accepted. */
  async function deliverNew() {
    const pending = fake.events.slice(delivered);
    delivered = fake.events.length;
    for (const e of pending) expect((await deliver(e)).status, `${e.type} ${e.id}`).toBe(200);
    return pending;
  }
  /** Marks every event so far as delivered (a test then picks which to send, and in what order). */
  const skipDelivered = () => {
    const pending = fake.events.slice(delivered);
    delivered = fake.events.length;
    return pending;
  };

  const client = () => t.client(`127.0.9.${(ip++ % 250) + 1}`);
  /**
   * Time passes for Stripe and for us alike (our development clock, which also runs the due billing
   * work). `webhooksFirst`: Stripe's events are delivered before our clock moves, so what they cause
   * is the webhook's doing, not the billing policy's.
   */
  async function advanceDays(days: number, options: { webhooksFirst?: boolean } = {}) {
    fake.advance(days * DAY_S);
    if (options.webhooksFirst) await deliverNew();
    const r = await client().post('/api/dev/clock', { advanceDays: days });
    expect(r.status).toBe(200);
  }
  const subscriptionEvents = async (userId: string) => t.lectio.rt.store.readStream(streams.subscription(userId));

  /** The signed-out trial sign-up of /trial, with the card confirmed at (fake) Stripe as Stripe.js does. */
  async function trialSignUp(c: TestClient, number = freshCardNumber()) {
    const username = unique('reader');
    const email = `${username}@example.com`;
    expect((await c.post('/api/register-check', { username, email })).status).toBe(200);
    const setup = await c.post('/api/trial-setup-intent');
    expect(setup.status).toBe(200);
    const { paymentMethodId } = await fake.confirmSetupIntent(setup.body.clientSecret, { number });
    const r = await c.post('/api/register-with-payment', {
      userData: { username, email, password, confirmPassword: password },
      paymentMethodId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { userId: r.body.id as string, email };
  }

  return {
    fake,
    t,
    crash,
    stripe,
    deliver,
    deliverNew,
    skipDelivered,
    post,
    client,
    advanceDays,
    subscriptionEvents,
    trialSignUp,
    customerOf: (userId: string) => fake.all('customer').find((c) => c.metadata?.userId === userId)!,
    subscriptionsOf: (customerId: string) => fake.all('subscription').filter((s) => s.customer === customerId),
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

export type StripeLectio = Awaited<ReturnType<typeof startStripeLectio>>;
export const DAY_S = 86_400;
