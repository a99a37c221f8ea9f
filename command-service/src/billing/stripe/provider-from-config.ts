import type { Runtime } from '@lectio/platform';
import { createSandboxProvider, type SandboxProvider } from '../sandbox/sandbox-provider';
import { createStripeProvider, type StripeProvider } from './stripe-provider';

/**
 * The billing provider this server runs on, chosen by configuration: Stripe when STRIPE_SECRET_KEY
 * is set (with STRIPE_PRICE_ID; loadConfig refuses one without the other), the sandbox otherwise.
 * STRIPE_API_BASE points the SDK at the fake Stripe server in tests (refused in production).
 */
export function createBillingProvider(rt: Pick<Runtime, 'config' | 'db'>): SandboxProvider | StripeProvider {
  const c = rt.config;
  if (!c.STRIPE_SECRET_KEY) return createSandboxProvider(rt.db);
  return createStripeProvider({
    secretKey: c.STRIPE_SECRET_KEY,
    publishableKey: c.STRIPE_PUBLISHABLE_KEY ?? null,
    priceId: c.STRIPE_PRICE_ID!,
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    apiBase: c.STRIPE_API_BASE,
  });
}

export const isStripeProvider = (p: SandboxProvider | StripeProvider): p is StripeProvider => p.name === 'stripe';
