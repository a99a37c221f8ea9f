import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSubscription } from '../subscription-decider';
import { WEBHOOK_SECRET, startStripeLectio, type StripeLectio } from '../../../test/stripe-lectio';
import { webhookMessages } from './webhook-routes';

// The real webhook route of a whole Lectio in Stripe mode, fed the fake Stripe server's events,
// signed with stripe.webhooks.generateTestHeaderString.
let s: StripeLectio;
beforeAll(async () => {
  s = await startStripeLectio();
}, 120_000);
afterAll(async () => {
  await s?.close();
}, 60_000);

const stateOf = async (userId: string) => foldSubscription(await s.subscriptionEvents(userId));
const recorded = async (eventId: string) =>
  (
    await s.t.lectio.rt.db.query<{ outcome: string }>('SELECT outcome FROM stripe_webhook_events WHERE event_id = $1', [
      eventId,
    ])
  ).rows[0]?.outcome;

describe('Stripe webhook: signature', () => {
  it('refuses a bad, missing or stale signature with a 400, and changes nothing', async () => {
    const { userId } = await s.trialSignUp(s.client());
    const sub = s.subscriptionsOf(s.customerOf(userId).id)[0]!;
    s.skipDelivered();
    await s.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const [event] = s.skipDelivered();
    expect(event).toMatchObject({ type: 'customer.subscription.updated' });
    const before = (await s.subscriptionEvents(userId)).length;

    const forged = await s.deliver(event!, 'whsec_not_the_secret');
    expect(forged).toEqual({ status: 400, body: { message: webhookMessages.badSignature } });
    expect(await s.post(JSON.stringify(event), null)).toEqual({
      status: 400,
      body: { message: webhookMessages.missingSignature },
    });
    // A correctly signed payload with one byte changed.
    const payload = JSON.stringify(event);
    const { default: Stripe } = await import('stripe');
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(
      (await s.post(payload.replace('"cancel_at_period_end":true', '"cancel_at_period_end":false'), header)).status,
    ).toBe(400);
    // Signed ten minutes ago: outside Stripe's tolerance, a replay from a recording.
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await s.post(payload, old)).status).toBe(400);

    expect((await s.subscriptionEvents(userId)).length).toBe(before);
    expect((await stateOf(userId)).status).toBe('trial');
    expect(await recorded(event!.id)).toBeUndefined();

    // The genuine delivery is taken.
    expect((await s.deliver(event!)).body).toMatchObject({ received: true, outcome: 'applied' });
    expect((await stateOf(userId)).status).toBe('canceled');
  });

  it('GET is not a webhook (404), and an event type we do not handle is acknowledged and ignored', async () => {
    const r = await s.t.lectio.app.inject({ method: 'GET', url: '/api/stripe/webhook' });
    expect(r.statusCode).toBe(404);
    const other = {
      id: 'evt_other_1',
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_1', object: 'charge' } },
    };
    expect((await s.deliver(other)).body).toEqual({ received: true, outcome: 'ignored' });
  });
});

describe('Stripe webhook: redelivery', () => {
  it('a replayed event changes nothing, even when our record of it was lost (a crash before our record)', async () => {
    const { userId } = await s.trialSignUp(s.client());
    const sub = s.subscriptionsOf(s.customerOf(userId).id)[0]!;
    s.skipDelivered();
    await s.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const [event] = s.skipDelivered();

    expect((await s.deliver(event!)).body.outcome).toBe('applied');
    const after = await s.subscriptionEvents(userId);
    expect(after.at(-1)).toMatchObject({
      type: 'SubscriptionCancelled',
      metadata: { causationId: `stripe:${event!.id}` },
    });

    expect((await s.deliver(event!)).body.outcome).toBe('duplicate');
    // A crash after our append but before our record: the events themselves name the Stripe event.
    await s.t.lectio.rt.db.query('DELETE FROM stripe_webhook_events WHERE event_id = $1', [event!.id]);
    // ... and meanwhile the reader renewed (resume): replaying the old 'cancel' must not cancel again.
    await s.stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
    const [resumed] = s.skipDelivered();
    expect((await s.deliver(resumed!)).body.outcome).toBe('applied');
    expect((await stateOf(userId)).status).toBe('trial');
    const count = (await s.subscriptionEvents(userId)).length;
    // Not in our table: handled again on Stripe's current facts, which are all recorded already.
    expect((await s.deliver(event!)).body.outcome).toBe('nothing');
    expect((await s.subscriptionEvents(userId)).length).toBe(count);
    expect((await stateOf(userId)).status).toBe('trial');
    expect((await s.deliver(event!)).body.outcome).toBe('duplicate');
  });
});

describe('Stripe webhook: out of order', () => {
  it('a Checkout subscription: updated (cancel at period end) delivered before created ends cancelled, with the paid period', async () => {
    const c = s.client();
    const { userId } = await s.trialSignUp(c, '4000000000000341');
    // This reader ends the trial's subscription at Stripe, then buys through Checkout instead.
    await c.post('/api/cancel-subscription');
    await s.advanceDays(15);
    await s.deliverNew();
    expect((await stateOf(userId)).status).toBe('inactive');

    const checkout = await c.post('/api/stripe-checkout', { productId: 'premium' });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);
    s.fake.completeCheckout(checkout.body.sessionId, '4242424242424242');
    const session = s.fake.get(checkout.body.sessionId)!;
    await s.stripe.subscriptions.update(session.subscription, { cancel_at_period_end: true });
    const events = s.skipDelivered();
    const order = [
      'customer.subscription.updated',
      'customer.subscription.created',
      'invoice.paid',
      'payment_method.attached',
      'checkout.session.completed',
    ];
    const byType = (type: string) => events.filter((e) => e.type === type);
    // The customer was named at Checkout's start, so even the first event finds the reader.
    for (const type of order) for (const e of byType(type)) expect((await s.deliver(e)).status).toBe(200);

    const state = await stateOf(userId);
    const paid = s.fake
      .all('invoice')
      .find((i) => i.parent.subscription_details.subscription === session.subscription && i.status === 'paid')!;
    expect(state).toMatchObject({ status: 'canceled', providerSubscriptionId: session.subscription });
    expect(state.paidInvoices.has(paid.id)).toBe(true);
    expect(state.accessEndsAt).toBe(new Date(paid.lines.data[0].period.end * 1000).toISOString());
    // Everything after the first delivery found nothing new.
    const types = (await s.subscriptionEvents(userId)).map((e) => e.type);
    expect(types.filter((t) => t === 'SubscriptionActivated')).toHaveLength(1);
    expect(types.filter((t) => t === 'SubscriptionCancelled')).toHaveLength(2);
  });

  it("an old 'active' delivered after 'canceled' does not bring the subscription back", async () => {
    const c = s.client();
    const { userId } = await s.trialSignUp(c);
    expect((await c.post('/api/convert-trial-to-paid')).status).toBe(200);
    const converted = s.skipDelivered();
    const oldActive = converted.find(
      (e) => e.type === 'customer.subscription.updated' && e.data.object.status === 'active',
    )!;
    expect(oldActive.data.object).toMatchObject({ status: 'active', cancel_at_period_end: false });

    expect((await c.post('/api/cancel-subscription')).status).toBe(200);
    await s.advanceDays(32); // past the paid month: Stripe ends it
    const later = s.skipDelivered();
    const deleted = later.find((e) => e.type === 'customer.subscription.deleted')!;
    expect(deleted).toBeDefined();

    expect((await s.deliver(deleted)).status).toBe(200);
    expect((await stateOf(userId)).status).toBe('inactive');
    const count = (await s.subscriptionEvents(userId)).length;
    expect((await s.deliver(oldActive)).body.outcome).toBe('nothing');
    expect((await s.subscriptionEvents(userId)).length).toBe(count);
    expect((await stateOf(userId)).status).toBe('inactive');
  });
});

describe('Stripe webhook: facts made at Stripe', () => {
  it('a card removed at Stripe is removed from the reader’s cards; one added there is added', async () => {
    const c = s.client();
    const { userId } = await s.trialSignUp(c);
    const customer = s.customerOf(userId);
    s.skipDelivered();
    const pm = await s.stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const [attached] = s.skipDelivered();
    expect(attached).toMatchObject({ type: 'payment_method.attached' });
    expect((await s.deliver(attached!)).body.outcome).toBe('applied');
    expect((await stateOf(userId)).cards.keys()).toContain(pm.id);

    await s.stripe.paymentMethods.detach(pm.id);
    const [detached] = s.skipDelivered();
    expect(detached).toMatchObject({
      type: 'payment_method.detached',
      data: { object: { customer: null }, previous_attributes: { customer: customer.id } },
    });
    expect((await s.deliver(detached!)).body.outcome).toBe('applied');
    const state = await stateOf(userId);
    expect(state.cards.keys()).not.toContain(pm.id);
    expect(state.defaultPaymentMethodId).toBe(customer.invoice_settings.default_payment_method);
  });

  it('after a crash between Stripe’s answer and our append, the trial Stripe runs is adopted from its webhook', async () => {
    const c = s.client();
    s.skipDelivered();
    s.crash.arm('createTrialSubscription');
    const signUp = await s.trialSignUp(c).catch((e: unknown) => e);
    expect(signUp).toBeInstanceOf(Error); // the request failed with the simulated crash (a 500)
    const customer = s.fake.all('customer').at(-1)!;
    const userId = customer.metadata.userId as string;
    const [sub] = s.subscriptionsOf(customer.id);
    expect(sub).toMatchObject({ status: 'trialing' });
    expect((await stateOf(userId)).status).toBe('inactive');

    const created = s.skipDelivered().find((e) => e.type === 'customer.subscription.created')!;
    // Delivered at once, the trial is left to the request that made it (which may still be appending); the card is a fact already.
    expect((await s.deliver(created)).status).toBe(200);
    expect(await stateOf(userId)).toMatchObject({
      status: 'inactive',
      trialUsed: false,
      defaultPaymentMethodId: customer.invoice_settings.default_payment_method,
    });
    await s.advanceDays(1);
    // Redelivered later (Stripe retries; or any later event for this customer): adopted.
    const later = { ...created, id: `${created.id}_retry` };
    expect((await s.deliver(later)).body.outcome).toBe('applied');
    expect(await stateOf(userId)).toMatchObject({
      status: 'trial',
      providerSubscriptionId: sub!.id,
      customerId: customer.id,
      defaultPaymentMethodId: customer.invoice_settings.default_payment_method,
    });
    expect((await stateOf(userId)).trialEndsAt).toBe(new Date(sub!.trial_end * 1000).toISOString());
  });
});
