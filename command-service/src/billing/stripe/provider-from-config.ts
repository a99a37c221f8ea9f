import { billingProviderOf, isProduction, type Runtime } from '@lectio/platform';
import type { BillingDevTools, BillingProvider } from '../provider';
import { createSandboxProvider } from '../sandbox/sandbox-provider';
import { createStripeProvider, type StripeProvider } from './stripe-provider';

/** The provider this server runs on, chosen once (`billingProviderOf`) and handed to whoever needs a part of it. */
export interface ChosenBillingProvider {
  /** The port the use cases and routes call. */
  port: BillingProvider;
  /** The development tools (a test card, the invoices); null in production. */
  devTools: BillingDevTools | null;
  /** The Stripe adapter itself, for its webhook; null on the sandbox. */
  stripe: StripeProvider | null;
}

/** The adapter of the provider `billingProviderOf` chose (the fake Stripe server in tests, by STRIPE_API_BASE). */
export function createBillingProvider(rt: Pick<Runtime, 'config' | 'db'>): ChosenBillingProvider {
  const chosen = billingProviderOf(rt.config);
  const devTools = (p: BillingDevTools) => (isProduction(rt.config) ? null : p);
  if (chosen.name === 'sandbox') {
    const sandbox = createSandboxProvider(rt.db);
    return { port: sandbox, devTools: devTools(sandbox), stripe: null };
  }
  const stripe = createStripeProvider({
    secretKey: chosen.secretKey,
    publishableKey: chosen.publishableKey,
    priceId: chosen.priceId,
    publicUrl: rt.config.PUBLIC_URL ?? `http://localhost:${rt.config.PORT}`,
    apiBase: chosen.apiBase,
  });
  return { port: stripe, devTools: devTools(stripe), stripe };
}
