import { migrate, openPglite, platformMigrations } from '@lectio/platform';
import { billingMigrations } from './migrations';
import { providerContract } from './provider-contract';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { createStripeProvider } from './stripe/stripe-provider';
import { startFakeStripe } from '@lectio/testing/stripe';

// The same behaviour from both providers: the sandbox on its own tables (PGlite in memory), and the
// Stripe adapter through the official SDK against the fake Stripe server.

providerContract('sandbox', async () => {
  const db = await openPglite();
  await migrate(db, [...platformMigrations, ...billingMigrations]);
  const provider = createSandboxProvider(db);
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  return {
    provider,
    now,
    async confirmCard(clientSecret, number) {
      const card = await provider.confirmSetup(
        { clientSecret, card: { number, expMonth: 12, expYear: now().getUTCFullYear() + 3 } },
        now(),
      );
      return card.paymentMethodId;
    },
    async passTime(at) {
      offset = Math.max(offset, at.getTime() - Date.now());
    },
    close: () => db.close(),
  };
});

providerContract('stripe (official SDK against the fake Stripe server)', async () => {
  const fake = await startFakeStripe();
  const provider = createStripeProvider({
    secretKey: fake.secretKey,
    publishableKey: 'pk_test_fake',
    priceId: fake.priceId,
    publicUrl: 'http://127.0.0.1',
    apiBase: fake.url,
    timeoutMs: 5000,
  });
  return {
    provider,
    now: () => new Date(fake.now() * 1000),
    async confirmCard(clientSecret, number) {
      return (await fake.confirmSetupIntent(clientSecret, { number })).paymentMethodId;
    },
    async passTime(at) {
      const target = Math.ceil(at.getTime() / 1000);
      if (target > fake.now()) fake.advance(target - fake.now());
    },
    close: () => fake.close(),
  };
});
