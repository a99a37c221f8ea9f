import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, TEST_CARDS } from '@lectio/contracts/billing';
import { InvalidCardError } from './errors';
import type { BillingProvider } from './provider';
import { DAY_MS } from '@lectio/contracts/time';

/**
 * What every BillingProvider must do, whoever moves the money: run against the sandbox provider
 * and against the Stripe adapter (through the real SDK, on the fake Stripe server), so the use
 * cases can rely on one behaviour. Each provider brings a harness for the parts a browser or the
 * provider's own clock play.
 */
export interface ProviderHarness {
  provider: BillingProvider;
  /** Confirms a SetupIntent with a card number, as Stripe.js (or the sandbox card form) does; the PaymentMethod id. */
  confirmCard(clientSecret: string, number: string): Promise<string>;
  /** The provider's time now. */
  now(): Date;
  /** Lets the provider's own clock reach `at` (Stripe bills on its clock; the sandbox charges when asked). */
  passTime(at: Date): Promise<void>;
  close(): Promise<void>;
}

const VISA = TEST_CARDS.success;
const FAILS_CHARGES = TEST_CARDS.failsCharges;

export function providerContract(name: string, start: () => Promise<ProviderHarness>) {
  describe(`BillingProvider contract: ${name}`, () => {
    let h: ProviderHarness;
    beforeAll(async () => {
      h = await start();
    });
    afterAll(async () => {
      await h?.close();
    });

    const key = () => `contract:${randomUUID()}`;
    async function customer() {
      const userId = randomUUID();
      const { customerId } = await h.provider.ensureCustomer(
        { userId, email: `${userId.slice(0, 8)}@example.com` },
        `${userId}:customer`,
      );
      return { userId, customerId };
    }
    async function card(customerId: string | null, number: string = VISA) {
      const { clientSecret } = await h.provider.createSetupIntent({ customerId }, key());
      return h.confirmCard(clientSecret, number);
    }
    async function customerWithDefaultCard(number: string = VISA) {
      const c = await customer();
      const paymentMethodId = await card(c.customerId, number);
      await h.provider.attachPaymentMethod({ customerId: c.customerId, paymentMethodId });
      await h.provider.setDefaultPaymentMethod({ customerId: c.customerId, paymentMethodId });
      return { ...c, paymentMethodId };
    }
    const subscriptionOf = async (userId: string) => (await h.provider.describeCustomer({ userId }))!.subscriptions;

    it('attaches a card confirmed on a SetupIntent and keeps only brand, last four and expiry', async () => {
      const { customerId } = await customer();
      const paymentMethodId = await card(null);
      const before = await h.provider.findPaymentMethod({ paymentMethodId });
      expect(before).toMatchObject({ paymentMethodId, customerId: null, usable: true, brand: 'visa', last4: '4242' });
      const attached = await h.provider.attachPaymentMethod({ customerId, paymentMethodId });
      expect(attached).toEqual({
        paymentMethodId,
        brand: 'visa',
        last4: '4242',
        expMonth: expect.any(Number),
        expYear: expect.any(Number),
      });
      expect(await h.provider.findPaymentMethod({ paymentMethodId })).toMatchObject({ customerId, usable: true });
      // Attaching again to the same customer is harmless.
      expect(await h.provider.attachPaymentMethod({ customerId, paymentMethodId })).toEqual(attached);
    });

    it('gives a card the same fingerprint on any customer, and another card another one', async () => {
      const fingerprint = async (number: string) =>
        (await h.provider.findPaymentMethod({ paymentMethodId: await card(null, number) }))!.fingerprint;
      const first = await fingerprint(VISA);
      expect(first).toEqual(expect.any(String));
      expect(await fingerprint(VISA)).toBe(first);
      expect(await fingerprint(FAILS_CHARGES)).not.toBe(first);
    });

    it("refuses a card that is someone else's or that no SetupIntent produced", async () => {
      const a = await customerWithDefaultCard();
      const b = await customer();
      await expect(
        h.provider.attachPaymentMethod({ customerId: b.customerId, paymentMethodId: a.paymentMethodId }),
      ).rejects.toThrow(billingMessages.paymentMethodNotAttached);
      await expect(
        h.provider.attachPaymentMethod({ customerId: b.customerId, paymentMethodId: 'pm_does_not_exist' }),
      ).rejects.toBeInstanceOf(InvalidCardError);
      expect(await h.provider.findPaymentMethod({ paymentMethodId: 'pm_does_not_exist' })).toBeNull();
    });

    it('makes a card the default, and a detached card is no longer the default nor usable again', async () => {
      const c = await customerWithDefaultCard();
      expect((await h.provider.describeCustomer({ userId: c.userId }))!.defaultPaymentMethodId).toBe(c.paymentMethodId);
      const second = await card(c.customerId, '5555555555554444');
      expect(await h.provider.attachPaymentMethod({ customerId: c.customerId, paymentMethodId: second })).toMatchObject(
        { brand: 'mastercard', last4: '4444' },
      );
      await h.provider.setDefaultPaymentMethod({ customerId: c.customerId, paymentMethodId: second });
      expect((await h.provider.describeCustomer({ userId: c.userId }))!.defaultPaymentMethodId).toBe(second);
      await h.provider.detachPaymentMethod({ customerId: c.customerId, paymentMethodId: second });
      expect((await h.provider.describeCustomer({ userId: c.userId }))!.defaultPaymentMethodId).toBeNull();
      await expect(
        h.provider.attachPaymentMethod({ customerId: c.customerId, paymentMethodId: second }),
      ).rejects.toThrow(billingMessages.paymentMethodNotAttached);
      // A card that is not the customer's cannot be made the default.
      await expect(
        h.provider.setDefaultPaymentMethod({ customerId: c.customerId, paymentMethodId: second }),
      ).rejects.toBeInstanceOf(InvalidCardError);
    });

    it('runs a trial that charges nothing, then ends it now and charges the first month', async () => {
      const c = await customerWithDefaultCard();
      const trialEndsAt = new Date(h.now().getTime() + 14 * DAY_MS);
      const { subscriptionId } = await h.provider.createTrialSubscription(
        { customerId: c.customerId, trialEndsAt, now: h.now() },
        key(),
      );
      let [sub] = await subscriptionOf(c.userId);
      expect(sub).toMatchObject({ subscriptionId, status: 'trialing', cancelAtPeriodEnd: false, invoices: [] });
      expect(Math.abs(new Date(sub!.trialEnd!).getTime() - trialEndsAt.getTime())).toBeLessThan(1000);

      const invoice = await h.provider.endTrialNow({ subscriptionId, now: h.now() }, key());
      expect(invoice).toMatchObject({ status: 'paid', amountCents: 1500 });
      [sub] = await subscriptionOf(c.userId);
      expect(sub).toMatchObject({
        status: 'active',
        invoices: [expect.objectContaining({ status: 'paid', invoiceId: invoice.invoiceId })],
      });
    });

    it('cancels at the period end and resumes', async () => {
      const c = await customerWithDefaultCard();
      const { subscriptionId } = await h.provider.createTrialSubscription(
        { customerId: c.customerId, trialEndsAt: new Date(h.now().getTime() + 14 * DAY_MS), now: h.now() },
        key(),
      );
      await h.provider.cancelAtPeriodEnd({ subscriptionId });
      expect((await subscriptionOf(c.userId))[0]).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
      await h.provider.resume({ subscriptionId });
      expect((await subscriptionOf(c.userId))[0]).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: false });
      await h.provider.cancelNow({ subscriptionId });
      expect((await subscriptionOf(c.userId))[0]).toMatchObject({ status: 'canceled' });
    });

    it('charges at the end of a trial, on the provider clock', async () => {
      const c = await customerWithDefaultCard();
      const trialEndsAt = new Date(h.now().getTime() + 14 * DAY_MS);
      const { subscriptionId } = await h.provider.createTrialSubscription(
        { customerId: c.customerId, trialEndsAt, now: h.now() },
        key(),
      );
      await h.passTime(new Date(trialEndsAt.getTime() + 60_000));
      const invoice = await h.provider.collectInvoice(
        { subscriptionId, periodStart: trialEndsAt, now: h.now() },
        `${c.userId}:trial-end`,
      );
      expect(invoice).toMatchObject({ status: 'paid', amountCents: 1500 });
      if (invoice.status !== 'paid') return;
      expect(Math.abs(new Date(invoice.periodStart).getTime() - trialEndsAt.getTime())).toBeLessThan(1000);
      // Asked again (a retry after a crash), the same invoice: one charge.
      expect(
        await h.provider.collectInvoice(
          { subscriptionId, periodStart: trialEndsAt, now: h.now() },
          `${c.userId}:trial-end`,
        ),
      ).toEqual(invoice);
      expect((await subscriptionOf(c.userId))[0]!.invoices).toHaveLength(1);
    });

    it('fails every charge on the 0341 card with the provider message, and a subscription never starts on it', async () => {
      const c = await customerWithDefaultCard(FAILS_CHARGES);
      const trialEndsAt = new Date(h.now().getTime() + 14 * DAY_MS);
      const { subscriptionId } = await h.provider.createTrialSubscription(
        { customerId: c.customerId, trialEndsAt, now: h.now() },
        key(),
      );
      const early = await h.provider.endTrialNow({ subscriptionId, now: h.now() }, key());
      expect(early).toMatchObject({ status: 'failed', message: billingMessages.cardDeclined });
      expect((await subscriptionOf(c.userId))[0]).toMatchObject({ status: 'trialing' });

      await h.passTime(new Date(trialEndsAt.getTime() + 60_000));
      const atEnd = await h.provider.collectInvoice(
        { subscriptionId, periodStart: trialEndsAt, now: h.now() },
        `${c.userId}:trial-end`,
      );
      expect(atEnd).toMatchObject({ status: 'failed', amountCents: 1500, message: billingMessages.cardDeclined });
      expect((await subscriptionOf(c.userId))[0]).toMatchObject({ status: 'past_due' });

      const d = await customerWithDefaultCard(FAILS_CHARGES);
      const paid = await h.provider.createSubscription({ customerId: d.customerId, now: h.now() }, key());
      expect(paid.invoice).toMatchObject({ status: 'failed', message: billingMessages.cardDeclined });
      expect((await subscriptionOf(d.userId))[0]).toMatchObject({
        subscriptionId: paid.subscriptionId,
        status: 'canceled',
      });
    });

    it('creates once per idempotency key: one customer, one subscription, one charge', async () => {
      const userId = randomUUID();
      const email = `${userId.slice(0, 8)}@example.com`;
      const first = await h.provider.ensureCustomer({ userId, email }, `${userId}:customer`);
      const again = await h.provider.ensureCustomer({ userId, email }, `${userId}:customer`);
      expect(again.customerId).toBe(first.customerId);

      const paymentMethodId = await card(first.customerId);
      await h.provider.attachPaymentMethod({ customerId: first.customerId, paymentMethodId });
      await h.provider.setDefaultPaymentMethod({ customerId: first.customerId, paymentMethodId });
      const k = `${userId}:trial:0`;
      const trialEndsAt = new Date(h.now().getTime() + 14 * DAY_MS);
      const a = await h.provider.createTrialSubscription(
        { customerId: first.customerId, trialEndsAt, now: h.now() },
        k,
      );
      const b = await h.provider.createTrialSubscription(
        { customerId: first.customerId, trialEndsAt, now: h.now() },
        k,
      );
      // A double click decided a moment later: the same key, a trial end a few seconds on.
      const c = await h.provider.createTrialSubscription(
        { customerId: first.customerId, trialEndsAt: new Date(trialEndsAt.getTime() + 5000), now: h.now() },
        k,
      );
      expect(new Set([a.subscriptionId, b.subscriptionId, c.subscriptionId]).size).toBe(1);
      expect(await subscriptionOf(userId)).toHaveLength(1);

      const k2 = `${userId}:convert:3`;
      const x = await h.provider.endTrialNow({ subscriptionId: a.subscriptionId, now: h.now() }, k2);
      const y = await h.provider.endTrialNow({ subscriptionId: a.subscriptionId, now: h.now() }, k2);
      expect(y).toEqual(x);
      expect((await subscriptionOf(userId))[0]!.invoices.filter((i) => i.status === 'paid')).toHaveLength(1);
    });
  });
}
