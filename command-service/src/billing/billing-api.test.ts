import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@lectio/contracts/accounts';
import { billingMessages } from '@lectio/contracts/billing';
import { freshCardNumber } from '@lectio/testing/cards';
import { waitForProjections } from '@lectio/platform/projections';
import { readModelNames } from '@lectio/projections';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { loadEntitlement } from './entitlement';
import { subscriptionStream } from './subscription-stream';
import { createSandboxProvider } from './sandbox/sandbox-provider';

// The whole sandbox flow through the HTTP API of a complete Lectio (the command and query sides and the projections, on PGlite).
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ commands: { assistant: { warmUp: true } } });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
let ipCounter = 1;
/** Development routes answer loopback clients only: each test client gets its own 127.x address. */
const local = () => t.client(`127.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`);
const password = 'Psalm-23:1 shepherd';

/**
 * Reads after a write carry the write's position, as the web does. The server waits up to 2 s for
 * its read models; on this shared machine they can be slower, so the test waits for them first.
 */
async function read(c: TestClient, url: string) {
  if (c.position) await waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position), 60_000);
  return c.get(url, c.position ? { [MIN_POSITION_HEADER]: c.position } : {});
}

async function confirmCard(c: TestClient, clientSecret: string, number: string) {
  return c.post('/api/sandbox/confirm-setup', {
    clientSecret,
    card: { number, expMonth: 12, expYear: 2031, cvc: '123' },
  });
}

async function advance(days: number) {
  const c = local();
  const r = await c.post('/api/dev/clock', { advanceDays: days });
  expect(r.status).toBe(200);
  return c.position!;
}

async function trialSignUp(c: TestClient, card = freshCardNumber()) {
  const username = unique('reader');
  const email = `${username}@example.com`;
  const userData = { username, email, password, confirmPassword: password };
  expect((await c.post('/api/register-check', { username, email })).status).toBe(200);
  const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
  expect(clientSecret).toMatch(/_secret_/);
  const confirmed = await confirmCard(c, clientSecret, card);
  expect(confirmed.status).toBe(200);
  const r = await c.post('/api/register-with-payment', { userData, paymentMethodId: confirmed.body.paymentMethodId });
  expect(r.status).toBe(201);
  return { userId: r.body.id as string, email, username };
}

const now = () => t.lectio.rt.clock.now();
/** Free-text chat, which the assistant allows only with Premium (decided from loadEntitlement): its status. */
const askFreeText = async (c: TestClient) =>
  (
    await c.post('/api/chat', {
      message: 'What does this verse say about God?',
      context: { book: 'john', chapter: 3, verse: 16, verseText: 'For God so loved the world...' },
    })
  ).status;
/** What the provider charged (its own tables): the proof of how much money moved. */
const invoicesOf = (userId: string) => createSandboxProvider(t.lectio.rt.db).invoicesOf(userId);

// Generous timeouts: the machine is shared, and a whole Lectio runs in this process.
describe('billing on the sandbox provider', { timeout: 120_000 }, () => {
  it('says which provider runs', async () => {
    const r = await t.client().get('/api/billing/config');
    expect(r.body).toMatchObject({
      provider: 'sandbox',
      publishableKey: null,
      priceCents: 1500,
      priceLabel: '$15/month',
      trialDays: 14,
    });
  });

  it('a declined card is a 402 with the provider message, and nothing is registered', async () => {
    const c = local();
    const username = unique('declined');
    const email = `${username}@example.com`;
    const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
    const declined = await confirmCard(c, clientSecret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect((await confirmCard(c, clientSecret, '4000000000009995')).body.message).toBe(
      'Your card has insufficient funds.',
    );
    expect((await confirmCard(c, clientSecret, '4242424242424241')).body).toMatchObject({
      message: 'Your card number is invalid.',
    });
    // A made-up payment method id cannot register anyone either.
    const r = await c.post('/api/register-with-payment', {
      userData: { username, email, password, confirmPassword: password },
      paymentMethodId: 'pm_sbx_forged',
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Payment method not attached to setup intent');
    expect((await c.post('/api/register-check', { username, email })).status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('the trial sign-up applies the registration rules: a weak password or a taken e-mail is refused, nobody is charged', async () => {
    const c = local();
    const username = unique('weak');
    const email = `${username}@example.com`;
    const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
    const pm = (await confirmCard(c, clientSecret, freshCardNumber())).body;
    const weak = await c.post('/api/register-with-payment', {
      userData: { username, email, password: 'password123', confirmPassword: 'password123' },
      paymentMethodId: pm.paymentMethodId,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(accountMessages.passwordTooCommon); // the same words as /api/register
    const mismatch = await c.post('/api/register-with-payment', {
      userData: { username, email, password, confirmPassword: password + 'x' },
      paymentMethodId: pm.paymentMethodId,
    });
    expect(mismatch.status).toBe(400);
    // The same card still signs this reader up.
    const ok = await c.post('/api/register-with-payment', {
      userData: { username, email, password, confirmPassword: password },
      paymentMethodId: pm.paymentMethodId,
    });
    expect(ok.status).toBe(201);
    // A card already used by one reader cannot sign up another.
    const other = unique('reuse');
    const reused = await local().post('/api/register-with-payment', {
      userData: { username: other, email: `${other}@example.com`, password, confirmPassword: password },
      paymentMethodId: pm.paymentMethodId,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Payment method not attached to setup intent');
    expect(await invoicesOf(ok.body.id)).toEqual([]);
  });

  it('trial with 4242, a card swap, conversion at the end, a failed renewal, recovery, cancel, end', async () => {
    const c = local();
    // The one trial on 4242 4242 4242 4242 in this file: one trial per card.
    const { userId } = await trialSignUp(c, '4242424242424242');
    const user = (await read(c, '/api/user')).body;
    expect(user).toMatchObject({
      subscriptionStatus: 'trial',
      paymentMethodProvided: true,
      stripeSubscriptionId: null,
    });
    expect(new Date(user.trialEndsAt).getTime() - now().getTime()).toBeGreaterThan(13.9 * DAY);
    expect((await read(c, '/api/user/trial-status')).body).toMatchObject({
      status: 'active',
      daysLeft: 14,
      inTrial: true,
      paymentMethodProvided: true,
      subscriptionStatus: 'trial',
    });
    expect((await read(c, '/api/payment-methods')).body.paymentMethods).toEqual([
      { id: expect.any(String), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2031, isDefault: true },
    ]);
    expect(await loadEntitlement(subscriptionStream(t.lectio.rt.store), userId, now())).toMatchObject({
      status: 'trial',
      premium: false,
      inTrial: true,
      maySuggested: true,
    });
    expect(await askFreeText(c)).toBe(403);

    // A second trial is refused with a message.
    const again = await c.post('/api/start-trial');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already used your free trial.');

    // Past the trial's end: converted at $15, the charge recorded.
    await advance(15);
    const active = (await read(c, '/api/user')).body;
    expect(active).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: expect.stringMatching(/^sub_/),
    });
    const invoices = await invoicesOf(userId);
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', amountCents: 1500 })]);
    expect(active.currentPeriodEnd).toBe(invoices[0]!.periodEnd);
    expect(await loadEntitlement(subscriptionStream(t.lectio.rt.store), userId, now())).toMatchObject({
      status: 'active',
      premium: true,
      period: { end: invoices[0]!.periodEnd },
    });
    expect(await askFreeText(c)).toBe(200);

    // A 0341 card (attaches, fails when charged) becomes the default; the old card can then go.
    const { clientSecret } = (await c.post('/api/create-setup-intent')).body;
    const bad = (await confirmCard(c, clientSecret, '4000000000000341')).body;
    expect((await c.post('/api/add-payment-method', { paymentMethodId: bad.paymentMethodId })).status).toBe(200);
    const cards = (await read(c, '/api/payment-methods')).body.paymentMethods;
    expect(cards.map((p: { last4: string; isDefault: boolean }) => [p.last4, p.isDefault])).toEqual([
      ['4242', true],
      ['0341', false],
    ]);
    const refused = await c.post('/api/remove-payment-method', { paymentMethodId: cards[0].id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This card pays for your subscription. Make another card the default before removing it.',
    );
    expect((await c.post('/api/set-default-payment-method', { paymentMethodId: bad.paymentMethodId })).status).toBe(
      200,
    );
    expect((await c.post('/api/remove-payment-method', { paymentMethodId: cards[0].id })).status).toBe(200);
    expect((await read(c, '/api/payment-methods')).body.paymentMethods).toEqual([
      expect.objectContaining({ last4: '0341', isDefault: true }),
    ]);

    // The renewal fails: past_due, no Premium.
    await advance(31);
    expect((await read(c, '/api/user')).body.subscriptionStatus).toBe('past_due');
    expect(await loadEntitlement(subscriptionStream(t.lectio.rt.store), userId, now())).toMatchObject({
      status: 'past_due',
      premium: false,
    });
    expect(await askFreeText(c)).toBe(403);
    expect((await invoicesOf(userId)).map((i) => i.status)).toEqual(['paid', 'failed']);

    // A good card made default pays the open period at once.
    const s2 = (await c.post('/api/create-setup-intent')).body.clientSecret;
    const good = (await confirmCard(c, s2, '5555555555554444')).body;
    await c.post('/api/add-payment-method', { paymentMethodId: good.paymentMethodId });
    expect(
      (await c.post('/api/set-default-payment-method', { paymentMethodId: good.paymentMethodId })).body
        .subscriptionStatus,
    ).toBe('active');
    expect((await read(c, '/api/user')).body.subscriptionStatus).toBe('active');

    // Cancel: access to the period's end; a second cancel is refused.
    const cancelled = await c.post('/api/cancel-subscription');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ subscriptionStatus: 'canceled', accessEndsAt: expect.any(String) });
    const endsAt = new Date(cancelled.body.accessEndsAt).getTime();
    expect(endsAt).toBeGreaterThan(now().getTime() + 27 * DAY);
    const twice = await c.post('/api/cancel-subscription');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Your subscription is already cancelled.');
    expect((await read(c, '/api/user')).body).toMatchObject({
      subscriptionStatus: 'canceled',
      currentPeriodEnd: cancelled.body.accessEndsAt,
    });
    expect((await loadEntitlement(subscriptionStream(t.lectio.rt.store), userId, now())).premium).toBe(true);
    expect(await askFreeText(c)).toBe(200);

    // Past the end: Premium is gone, no further charge.
    await advance(32);
    expect((await read(c, '/api/user')).body).toMatchObject({
      subscriptionStatus: 'inactive',
      stripeSubscriptionId: null,
    });
    expect((await loadEntitlement(subscriptionStream(t.lectio.rt.store), userId, now())).premium).toBe(false);
    expect(await askFreeText(c)).toBe(403);
    expect((await invoicesOf(userId)).filter((i) => i.status === 'paid')).toHaveLength(2);
  });

  it('a trial needs a card: start-trial without one is refused, and there is nothing to convert', async () => {
    const c = local();
    const username = unique('nocard');
    expect((await c.register(username, `${username}@example.com`)).status).toBe(201);
    expect((await read(c, '/api/user/trial-status')).body).toMatchObject({
      status: 'not_started',
      trialEndsAt: null,
      inTrial: false,
      subscriptionStatus: 'inactive',
    });
    const started = await c.post('/api/start-trial');
    expect(started).toMatchObject({ status: 400, body: { message: billingMessages.trialNeedsCard } });
    expect((await read(c, '/api/user')).body).toMatchObject({
      subscriptionStatus: 'inactive',
      paymentMethodProvided: false,
    });
    const convert = await c.post('/api/convert-trial-to-paid');
    expect(convert.status).toBe(409);
    expect(convert.body.message).toBe('You are not in a free trial.');
  });

  it('a double click on subscribe makes one subscription and one charge', async () => {
    const c = local();
    const username = unique('double');
    const r = await c.register(username, `${username}@example.com`);
    const userId = r.body.id;
    const [a, b] = await Promise.all([c.post('/api/activate-subscription'), c.post('/api/activate-subscription')]);
    // The second click either finds the work done (200) or is refused as already subscribed (409).
    expect([a.status, b.status]).toContain(200);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    expect((await read(c, '/api/user')).body.subscriptionStatus).toBe('active');
    expect(await invoicesOf(userId)).toHaveLength(1);
  });

  it('checkout: a url to our success page; activation is idempotent; the session is the reader’s own', async () => {
    const c = local();
    const username = unique('checkout');
    const userId = (await c.register(username, `${username}@example.com`)).body.id;
    const { url, sessionId } = (await c.post('/api/stripe-checkout', { productId: 'premium' })).body;
    expect(url).toBe(`/subscription-success?session_id=${sessionId}&test_mode=true`);
    const other = local();
    const otherName = unique('other');
    await other.register(otherName, `${otherName}@example.com`);
    expect((await other.get(`/api/subscription-success?session_id=${sessionId}`)).status).toBe(404);
    expect((await c.get('/api/subscription-success')).body.message).toBe('Missing session information');
    const first = await c.get(`/api/subscription-success?session_id=${sessionId}`);
    expect(first.body).toMatchObject({ message: 'Subscription Activated!', subscriptionStatus: 'active' });
    const reload = await c.get(`/api/subscription-success?session_id=${sessionId}`);
    expect(reload.body.subscriptionStatus).toBe('active');
    expect(await invoicesOf(userId)).toHaveLength(1);
  });

  it('a reader who cancelled the trial and then subscribes gets Premium at once, charged once', async () => {
    const c = local();
    const { userId } = await trialSignUp(c);
    const cancelled = await c.post('/api/cancel-subscription');
    expect(cancelled.body).toMatchObject({ subscriptionStatus: 'canceled', currentPeriodEnd: null });
    expect(new Date(cancelled.body.accessEndsAt).getTime()).toBeGreaterThan(now().getTime() + 13.9 * DAY);
    const { sessionId } = (await c.post('/api/real-stripe-checkout')).body;
    const success = await c.get(`/api/subscription-success?session_id=${sessionId}`);
    expect(success.body).toMatchObject({ subscriptionStatus: 'active', accessEndsAt: null });
    expect(await invoicesOf(userId)).toEqual([expect.objectContaining({ status: 'paid', amountCents: 1500 })]);
  });

  it('checks bodies and queries by the routes’ schemas, answering 400 in the spec’s shape', async () => {
    const c = t.client();
    await c.register(unique('schemas'), `${unique('schemas')}@example.com`);
    const json = { 'content-type': 'application/json' };
    // A call that takes no body: an object's fields are ignored; an array, a number or null is refused before anything is done.
    expect(await c.post('/api/cancel-subscription', {})).toMatchObject({
      status: 409,
      body: { message: billingMessages.nothingToCancel },
    });
    for (const payload of ['[]', '7', 'null']) {
      const r = await c.post('/api/cancel-subscription', payload, json);
      expect(r.status, payload).toBe(400);
      expect(r.body, payload).toEqual({
        message: expect.any(String),
        ...(payload === 'null' ? {} : { errors: [{ field: 'body', message: 'This request takes no body' }] }),
      });
    }
    // A bad field: its name and what is wrong, before the provider is asked.
    expect(await c.post('/api/add-payment-method', { paymentMethodId: 'pm bad!' })).toMatchObject({
      status: 400,
      body: { message: 'Invalid identifier', errors: [{ field: 'paymentMethodId', message: 'Invalid identifier' }] },
    });
    expect(await c.post('/api/add-payment-method', { paymentMethodId: 'pm_\u0000' })).toMatchObject({ status: 400 });
    // The success page without its session.
    expect(await c.get('/api/subscription-success?session_id=%20')).toMatchObject({
      status: 400,
      body: { message: billingMessages.missingSession },
    });
    expect(await c.get('/api/subscription-success')).toMatchObject({
      status: 400,
      body: { message: billingMessages.missingSession },
    });
  });

  it('development routes refuse other machines, and signed-out callers get 401', async () => {
    const remote = t.client('10.1.2.3');
    expect((await remote.post('/api/dev/clock', { advanceDays: 1 })).status).toBe(404);
    expect((await remote.post('/api/activate-subscription')).status).toBe(404);
    expect((await remote.post('/api/minimal-stripe-test')).status).toBe(404);
    expect((await remote.post('/api/cancel-subscription')).status).toBe(401);
    expect((await remote.get('/api/payment-methods')).status).toBe(401);
    expect((await local().post('/api/dev/clock', { advanceDays: -1 })).status).toBe(400);
  });
});

describe('billing in production', () => {
  it('has no development routes', { timeout: 120_000 }, async () => {
    const p = await startTestLectio({
      env: {
        NODE_ENV: 'production',
        BILLING_SANDBOX: '1',
        SESSION_SECRET: 's'.repeat(48),
        PUBLIC_URL: 'https://lectio.example',
      },
    });
    try {
      const c = p.client('127.0.0.1');
      expect((await c.post('/api/dev/clock', { advanceDays: 1 })).status).toBe(404);
      expect((await c.post('/api/activate-subscription')).status).toBe(404);
      expect((await c.post('/api/minimal-stripe-test')).status).toBe(404);
    } finally {
      await p.close();
    }
  });
});
