import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { freshCardNumber } from '@lectio/testing/cards';
import { startStripeLectio, type StripeLectio } from '../../test/stripe-lectio';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { foldSubscription } from './subscription-decider';
import type { Runtime } from '@lectio/platform';
import { latency } from '@lectio/testing/faults';

/**
 * 'Set default' and 'remove' sent at once for one card, many times over, through the billing API:
 * whatever each answers, the default card our stream records is the one the provider will charge
 * (a disagreement leaves a paying reader with no card at renewal: past_due while the screen shows
 * a default card).
 */
const TRIES = 12;
const password = 'Psalm-23:1 shepherd';

const streamDefault = async (rt: Pick<Runtime, 'store'>, userId: string) => {
  const state = foldSubscription(await rt.store.readStream(streams.subscription(userId)));
  return { defaultPaymentMethodId: state.defaultPaymentMethodId, cards: [...state.cards.keys()].sort() };
};

/** Races the two requests on a fresh card `tries` times; the answers seen, each one 200 or a refusal with a message. */
async function race(c: TestClient, addCard: () => Promise<string>, check: (round: number) => Promise<void>) {
  const statuses = new Set<string>();
  for (let round = 0; round < TRIES; round++) {
    const card = await addCard();
    const [setDefault, remove] = await Promise.all([
      c.post('/api/set-default-payment-method', { paymentMethodId: card }),
      c.post('/api/remove-payment-method', { paymentMethodId: card }),
    ]);
    for (const r of [setDefault, remove]) {
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      if (r.status !== 200) expect(r.body.message).toEqual(expect.any(String));
    }
    statuses.add(`${setDefault.status}/${remove.status}`);
    await check(round);
  }
  return statuses;
}

describe('racing card actions on the sandbox provider', { timeout: 240_000 }, () => {
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    // The sandbox answers in-process; 20 ms a call makes the two requests overlap at the provider as they do over a network.
    t = await startTestLectio({ commands: { billing: { wrapProvider: latency(20).wrap } } });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`set default and remove on one card, ${TRIES} times at once: the stream's default card is the provider's`, async () => {
    const c = t.client('127.0.7.1');
    const username = unique('racer');
    const email = `${username}@example.com`;
    const confirm = async (number: string) => {
      const { clientSecret } = (await c.post(c.cookies.size ? '/api/create-setup-intent' : '/api/trial-setup-intent'))
        .body;
      const r = await c.post('/api/sandbox/confirm-setup', {
        clientSecret,
        card: { number, expMonth: 12, expYear: 2031, cvc: '123' },
      });
      expect(r.status).toBe(200);
      return r.body.paymentMethodId as string;
    };
    expect((await c.post('/api/register-check', { username, email })).status).toBe(200);
    const first = await confirm(freshCardNumber());
    const r = await c.post('/api/register-with-payment', {
      userData: { username, email, password, confirmPassword: password },
      paymentMethodId: first,
    });
    expect(r.status).toBe(201);
    const userId = r.body.id as string;
    const provider = createSandboxProvider(t.lectio.rt.db);

    const addCard = async () => {
      const id = await confirm('5555555555554444');
      expect((await c.post('/api/add-payment-method', { paymentMethodId: id })).status).toBe(200);
      return id;
    };
    await race(c, addCard, async (round) => {
      const ours = await streamDefault(t.lectio.rt, userId);
      const theirs = await provider.describeCustomer({ userId });
      expect(ours.defaultPaymentMethodId, `round ${round}`).not.toBeNull();
      expect(theirs?.defaultPaymentMethodId, `round ${round}`).toBe(ours.defaultPaymentMethodId);
    });
  });
});

describe('racing card actions on (fake) Stripe', { timeout: 240_000 }, () => {
  let s: StripeLectio;
  beforeAll(async () => {
    s = await startStripeLectio();
  }, 180_000);
  afterAll(async () => {
    await s?.close();
  });

  it(`set default and remove on one card, ${TRIES} times at once: the stream's default and cards are Stripe's`, async () => {
    const c = s.client();
    const { userId } = await s.trialSignUp(c);
    const addCard = async () => {
      const setup = await c.post('/api/create-setup-intent');
      expect(setup.status).toBe(200);
      const { paymentMethodId } = await s.fake.confirmSetupIntent(setup.body.clientSecret, {
        number: '5555555555554444',
      });
      expect((await c.post('/api/add-payment-method', { paymentMethodId })).status).toBe(200);
      return paymentMethodId;
    };
    await race(c, addCard, async (round) => {
      const ours = await streamDefault(s.t.lectio.rt, userId);
      const customer = s.customerOf(userId);
      const attached = s.fake
        .all('payment_method')
        .filter((pm) => pm.customer === customer.id)
        .map((pm) => String(pm.id))
        .sort();
      expect(ours.defaultPaymentMethodId, `round ${round}`).not.toBeNull();
      expect(customer.invoice_settings?.default_payment_method, `round ${round}`).toBe(ours.defaultPaymentMethodId);
      expect(attached, `round ${round}`).toEqual(ours.cards);
    });
  });
});
