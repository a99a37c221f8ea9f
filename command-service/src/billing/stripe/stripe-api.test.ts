import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@lectio/contracts/billing';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { foldSubscription } from '../subscription-decider';
import { FakeStripeError } from '@lectio/testing/stripe';
import { startStripeLectio, type StripeLectio } from '../../../test/stripe-lectio';
import { type TestClient, unique } from '../../../test/test-lectio';
import { freshCardNumber } from '@lectio/testing/cards';

// The whole Stripe-mode flow through the HTTP API of a complete Lectio (startTestLectio), the
// official SDK talking to the fake Stripe server (STRIPE_API_BASE), Stripe's events delivered to
// the real webhook route. Time passes for both sides together (advanceDays).
let s: StripeLectio;
beforeAll(async () => {
  s = await startStripeLectio();
}, 120_000);
afterAll(async () => {
  await s?.close();
}, 60_000);

/** Reads after a write wait for the read model to pass the write's position, as the web does. */
const user = async (c: TestClient, position?: string) =>
  (
    await c.get('/api/user', {
      [MIN_POSITION_HEADER]: position ?? (await s.t.lectio.rt.store.headPosition()).toString(),
    })
  ).body;
const types = async (userId: string) => (await s.subscriptionEvents(userId)).map((e) => e.type);
const chargedInvoices = (customerId: string) =>
  s.fake.all('invoice').filter((i) => i.customer === customerId && i.amount_due > 0);

describe('billing on Stripe (the fake Stripe server through the official SDK)', () => {
  it('says Stripe runs and hands the browser the publishable key only', async () => {
    const r = await s.client().get('/api/billing/config');
    expect(r.body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    expect(JSON.stringify(r.body)).not.toContain(s.fake.secretKey);
  });

  it('trial sign-up: card first (SetupIntent confirmed by Stripe.js, default), then the trial subscription; nothing charged', async () => {
    const c = s.client();
    const { userId, email } = await s.trialSignUp(c);
    const me = await user(c, c.position);
    const customer = s.customerOf(userId);
    const [sub, ...others] = s.subscriptionsOf(customer.id);
    expect(others).toHaveLength(0);
    expect(customer).toMatchObject({ email, metadata: { userId } });
    expect(customer.invoice_settings.default_payment_method).toMatch(/^pm_/);
    expect(sub).toMatchObject({
      status: 'trialing',
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
      items: { data: [expect.objectContaining({ price: expect.objectContaining({ id: s.fake.priceId }) })] },
    });
    // The read model shows a subscription id only once one is paid; the stream knows Stripe's trial subscription.
    expect(me).toMatchObject({ subscriptionStatus: 'trial', paymentMethodProvided: true, stripeSubscriptionId: null });
    expect(foldSubscription(await s.subscriptionEvents(userId))).toMatchObject({
      customerId: customer.id,
      providerSubscriptionId: sub!.id,
      defaultPaymentMethodId: customer.invoice_settings.default_payment_method,
    });
    // Stripe's trial never ends before ours (whole seconds, rounded up).
    expect(sub!.trial_end * 1000 - new Date(me.trialEndsAt).getTime()).toBeGreaterThanOrEqual(0);
    expect(sub!.trial_end * 1000 - new Date(me.trialEndsAt).getTime()).toBeLessThan(1000);
    expect(chargedInvoices(customer.id)).toHaveLength(0);
    // Stripe's own events about it change nothing we have not recorded.
    const before = await types(userId);
    await s.deliverNew();
    expect(await types(userId)).toEqual(before);
  });

  it("the trial's rules hold on Stripe too: no trial without a card, one per card (Stripe's card.fingerprint) and per person", async () => {
    const c = s.client();
    const username = unique('stripeless');
    expect((await c.register(username, `${username}@example.com`)).status).toBe(201);
    expect(await c.post('/api/start-trial')).toMatchObject({
      status: 400,
      body: { message: billingMessages.trialNeedsCard },
    });
    // A card another reader had a trial on: Stripe gives the same number the same fingerprint.
    const number = freshCardNumber();
    await s.trialSignUp(s.client(), number);
    const setup = await c.post('/api/create-setup-intent');
    const { paymentMethodId } = await s.fake.confirmSetupIntent(setup.body.clientSecret, { number });
    expect((await c.post('/api/add-payment-method', { paymentMethodId })).status).toBe(200);
    expect(await c.post('/api/start-trial')).toMatchObject({
      status: 409,
      body: { message: billingMessages.trialUsedElsewhere },
    });
    // The same person under a +tag, on a card of its own, signing up.
    const { email } = await s.trialSignUp(s.client());
    const again = s.client();
    const intent = await again.post('/api/trial-setup-intent');
    const card = await s.fake.confirmSetupIntent(intent.body.clientSecret, { number: freshCardNumber() });
    const tagged = email.replace('@', '+again@');
    const r = await again.post('/api/register-with-payment', {
      userData: {
        username: unique('tagged'),
        email: tagged,
        password: 'Psalm-23:1 shepherd',
        confirmPassword: 'Psalm-23:1 shepherd',
      },
      paymentMethodId: card.paymentMethodId,
    });
    expect(r).toMatchObject({ status: 409, body: { message: billingMessages.trialUsedElsewhere } });
  });

  it('a declined card is refused by Stripe in the browser, and an unconfirmed card registers nobody', async () => {
    const c = s.client();
    const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
    const declined = await s.fake
      .confirmSetupIntent(clientSecret, { number: '4000000000000002' })
      .catch((e: unknown) => e);
    expect(declined).toBeInstanceOf(FakeStripeError);
    expect((declined as Error).message).toBe(billingMessages.cardDeclined);
    const r = await c.post('/api/register-with-payment', {
      userData: {
        username: 'nocard',
        email: 'nocard@example.com',
        password: 'Psalm-23:1 shepherd',
        confirmPassword: 'Psalm-23:1 shepherd',
      },
      paymentMethodId: 'pm_never_confirmed',
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: billingMessages.paymentMethodNotAttached });
    expect((await c.post('/api/register-check', { username: 'nocard', email: 'nocard@example.com' })).status).toBe(200);
  });

  it("a double click on 'Start Premium Now' makes one charge", async () => {
    const c = s.client();
    const { userId } = await s.trialSignUp(c);
    const [a, b] = await Promise.all([c.post('/api/convert-trial-to-paid'), c.post('/api/convert-trial-to-paid')]);
    expect([a.status, b.status]).toContain(200);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const customer = s.customerOf(userId);
    expect(chargedInvoices(customer.id).filter((i) => i.status === 'paid')).toHaveLength(1);
    expect((await types(userId)).filter((t) => t === 'TrialConverted')).toHaveLength(1);
    expect(await user(c)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it("the trial's end: the 3-day notice, then Stripe's charge seen by the webhook, $15 once; a 0341 card goes past_due and is fixed with a new card", async () => {
    const good = s.client();
    const bad = s.client();
    const g = await s.trialSignUp(good);
    const b = await s.trialSignUp(bad, '4000000000000341');
    await s.deliverNew();

    await s.advanceDays(11.5, { webhooksFirst: true });
    const notice = (await s.subscriptionEvents(g.userId)).find((e) => e.type === 'TrialWillEnd');
    expect(notice?.metadata.causationId).toMatch(/^stripe:evt_/);

    await s.advanceDays(3, { webhooksFirst: true });
    // Stripe converted the trial on its clock; our stream learnt it from invoice.paid.
    const converted = (await s.subscriptionEvents(g.userId)).find((e) => e.type === 'TrialConverted');
    expect(converted?.metadata.causationId).toMatch(/^stripe:evt_/);
    expect(converted?.data).toMatchObject({ reason: 'trial_ended', amountCents: 1500 });
    const me = await user(good);
    const [paid, ...more] = chargedInvoices(s.customerOf(g.userId).id);
    expect(more).toHaveLength(0);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1500 });
    expect(me).toMatchObject({
      subscriptionStatus: 'active',
      currentPeriodEnd: new Date(paid!.lines.data[0].period.end * 1000).toISOString(),
    });
    expect((await types(g.userId)).filter((t) => t === 'TrialConverted')).toHaveLength(1);

    expect(await user(bad)).toMatchObject({ subscriptionStatus: 'past_due' });
    expect((await s.subscriptionEvents(b.userId)).find((e) => e.type === 'PaymentFailed')?.data).toMatchObject({
      reason: billingMessages.cardDeclined,
      amountCents: 1500,
    });

    // The reader fixes the card: a new one, made the default; the open invoice is paid at once.
    const setup = await bad.post('/api/create-setup-intent');
    expect(setup.status).toBe(200);
    const { paymentMethodId } = await s.fake.confirmSetupIntent(setup.body.clientSecret, {
      number: '5555555555554444',
    });
    expect((await bad.post('/api/add-payment-method', { paymentMethodId })).status).toBe(200);
    const fixed = await bad.post('/api/set-default-payment-method', { paymentMethodId });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ subscriptionStatus: 'active' });
    const invoices = chargedInvoices(s.customerOf(b.userId).id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', attempt_count: 2 });
    await s.deliverNew();
    expect(await user(bad)).toMatchObject({ subscriptionStatus: 'active', paymentMethodProvided: true });
  });

  it("Checkout: Stripe's hosted page, the subscription recorded from its webhooks; the success page never charges an unpaid session", async () => {
    const c = s.client();
    const username = `checkout${Date.now().toString(36)}`;
    const registered = await c.register(username, `${username}@example.com`);
    expect(registered.status).toBe(201);
    const r = await c.post('/api/stripe-checkout', { productId: 'premium' });
    expect(r.status).toBe(200);
    expect(r.body.url).toBe(`${s.fake.url}/c/pay/${r.body.sessionId}`);
    // Back on the success page without having paid: nothing happens, nothing is charged.
    const unpaid = await c.get(`/api/subscription-success?session_id=${r.body.sessionId}`);
    expect(unpaid.status).toBe(404);
    expect(unpaid.body).toEqual({ message: billingMessages.missingSession });
    expect(s.subscriptionsOf(s.customerOf(registered.body.id).id)).toHaveLength(0);

    s.fake.completeCheckout(r.body.sessionId);
    await s.deliverNew();
    const done = await c.get(`/api/subscription-success?session_id=${r.body.sessionId}`, {
      [MIN_POSITION_HEADER]: (await s.t.lectio.rt.store.headPosition()).toString(),
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ message: billingMessages.activated, subscriptionStatus: 'active' });
    const me = await user(c);
    const session = s.fake.get(r.body.sessionId)!;
    expect(me).toMatchObject({
      subscriptionStatus: 'active',
      paymentMethodProvided: true,
      stripeSubscriptionId: session.subscription,
    });
    expect(chargedInvoices(session.customer)).toHaveLength(1);
  });

  it('cancel at period end: Stripe keeps the month, then ends it; no further charge', async () => {
    const c = s.client();
    const { userId } = await s.trialSignUp(c);
    expect((await c.post('/api/convert-trial-to-paid')).status).toBe(200);
    const r = await c.post('/api/cancel-subscription');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ subscriptionStatus: 'canceled' });
    const customer = s.customerOf(userId);
    expect(s.subscriptionsOf(customer.id)[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await s.deliverNew();
    expect((await types(userId)).filter((t) => t === 'SubscriptionCancelled')).toHaveLength(1);
    expect((await c.post('/api/cancel-subscription')).status).toBe(409);

    await s.advanceDays(32);
    await s.deliverNew();
    expect(s.subscriptionsOf(customer.id)[0]).toMatchObject({ status: 'canceled' });
    expect(await user(c)).toMatchObject({ subscriptionStatus: 'inactive' });
    expect(chargedInvoices(customer.id)).toHaveLength(1);
  });
});
