import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@lectio/contracts/billing';
import { PaymentDeclinedError, ProviderUnavailableError } from '../errors';
import { createStripeProvider } from './stripe-provider';
import { startFakeStripe, type FakeStripe } from '@lectio/testing/stripe';

// What the adapter does when Stripe misbehaves: every call is bounded and ends in a clear message.
let silent: Server;
let silentUrl: string;
let fake: FakeStripe;
beforeAll(async () => {
  // Accepts connections and never answers.
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  fake = await startFakeStripe();
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await fake.close();
});

const base = { publishableKey: null, priceId: 'price_fake_premium_monthly', publicUrl: 'http://127.0.0.1' };

describe('Stripe adapter: timeouts and errors', () => {
  it('a Stripe that does not answer is a ProviderUnavailableError (503, try again) within the timeout and its bounded retries', async () => {
    const provider = createStripeProvider({
      ...base,
      secretKey: 'sk_test_x',
      apiBase: silentUrl,
      timeoutMs: 300,
      maxNetworkRetries: 1,
    });
    const started = Date.now();
    const err = await provider.cancelAtPeriodEnd({ subscriptionId: 'sub_1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect((err as Error).message).toBe(billingMessages.providerUnavailable);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a refused API key is a ProviderUnavailableError too, never the key or a stack', async () => {
    const provider = createStripeProvider({
      ...base,
      secretKey: 'sk_test_wrong',
      apiBase: fake.url,
      maxNetworkRetries: 0,
    });
    const err = await provider
      .ensureCustomer({ userId: 'u1', email: 'u1@example.com' }, 'u1:customer')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect((err as Error).message).toBe(billingMessages.providerUnavailable);
    expect((err as Error).message).not.toContain('sk_test_wrong');
  });

  it("a card refused when charged is a PaymentDeclinedError with Stripe's own message", async () => {
    const provider = createStripeProvider({
      ...base,
      secretKey: fake.secretKey,
      priceId: fake.priceId,
      apiBase: fake.url,
    });
    const { customerId } = await provider.ensureCustomer({ userId: 'u2', email: 'u2@example.com' }, 'u2:customer');
    const { clientSecret } = await provider.createSetupIntent({ customerId }, 'u2:setup');
    const { paymentMethodId } = await fake.confirmSetupIntent(clientSecret, { number: '4000000000000341' });
    await provider.attachPaymentMethod({ customerId, paymentMethodId });
    await provider.setDefaultPaymentMethod({ customerId, paymentMethodId });
    const { subscriptionId } = await provider.createSubscription({ customerId, now: new Date() }, 'u2:subscribe');
    fake.advance(40 * 86_400);
    // Paying the open invoice again on the same card: Stripe's 402 card_error.
    const invoice = fake.all('invoice').find((i) => i.parent.subscription_details.subscription === subscriptionId)!;
    const err = await provider.stripe.invoices.pay(invoice.id).catch((e: unknown) => e);
    expect(err).toMatchObject({ type: 'StripeCardError', message: billingMessages.cardDeclined });
    const { mapStripeError } = await import('./stripe-provider');
    const mapped = mapStripeError(err);
    expect(mapped).toBeInstanceOf(PaymentDeclinedError);
    expect(mapped.message).toBe(billingMessages.cardDeclined);
  });
});

describe('Stripe adapter: Stripe bills on its own clock', () => {
  it("collectInvoice answers 'pending' until Stripe made the trial's first invoice, then that invoice", async () => {
    const provider = createStripeProvider({
      ...base,
      secretKey: fake.secretKey,
      priceId: fake.priceId,
      apiBase: fake.url,
    });
    const { customerId } = await provider.ensureCustomer({ userId: 'u3', email: 'u3@example.com' }, 'u3:customer');
    const { clientSecret } = await provider.createSetupIntent({ customerId }, 'u3:setup');
    const { paymentMethodId } = await fake.confirmSetupIntent(clientSecret, { number: '4242424242424242' });
    await provider.attachPaymentMethod({ customerId, paymentMethodId });
    await provider.setDefaultPaymentMethod({ customerId, paymentMethodId });
    const trialEndsAt = new Date((fake.now() + 14 * 86_400) * 1000);
    const { subscriptionId } = await provider.createTrialSubscription(
      { customerId, trialEndsAt, now: new Date(fake.now() * 1000) },
      'u3:trial:0',
    );
    // Our clock may run ahead of Stripe's: until Stripe bills, there is nothing to record.
    expect(
      await provider.collectInvoice({ subscriptionId, periodStart: trialEndsAt, now: trialEndsAt }, 'u3:trial-end'),
    ).toEqual({ status: 'pending' });
    fake.advance(14 * 86_400 + 60);
    expect(
      await provider.collectInvoice({ subscriptionId, periodStart: trialEndsAt, now: trialEndsAt }, 'u3:trial-end'),
    ).toMatchObject({
      status: 'paid',
      amountCents: 1500,
    });
  });
});

describe('the fake Stripe server itself', () => {
  it('honours Idempotency-Key: the same key replays the first answer; other parameters with it are an idempotency_error', async () => {
    const post = (body: string, key: string) =>
      fetch(`${fake.url}/v1/customers`, {
        method: 'POST',
        body,
        headers: {
          authorization: `Bearer ${fake.secretKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'idempotency-key': key,
        },
      });
    const first = await post('email=a%40example.com&metadata[userId]=k1', 'key-1');
    const again = await post('email=a%40example.com&metadata[userId]=k1', 'key-1');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const a = (await first.json()) as { id: string; metadata: Record<string, string> };
    expect(((await again.json()) as { id: string }).id).toBe(a.id);
    expect(a.metadata).toEqual({ userId: 'k1' });
    const other = await post('email=b%40example.com', 'key-1');
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { type: string } }).error.type).toBe('idempotency_error');
    expect(fake.all('customer').filter((c) => c.metadata.userId === 'k1')).toHaveLength(1);
  });
});
