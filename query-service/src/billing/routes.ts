import type { FastifyInstance } from 'fastify';
import { accountMessages } from '@lectio/contracts/accounts';
import {
  type BillingConfigResponse,
  type PaymentMethodsResponse,
  PREMIUM_PRICE_CENTS,
  PREMIUM_PRICE_LABEL,
  TRIAL_DAYS,
  type TrialStatusResponse,
} from '@lectio/contracts/billing';
import type { SubscriptionStatus } from '@lectio/contracts/premium';
import { HttpError } from '@lectio/platform/http';
import { requireUser, type Runtime } from '@lectio/platform';
import { readPaymentMethods, readSubscriptionFacts, type SubscriptionFacts } from '@lectio/projections';

const DAY_MS = 86_400_000;

export function trialStatusOf(f: SubscriptionFacts, now: Date): TrialStatusResponse {
  const ends = f.trialEndsAt ? new Date(f.trialEndsAt).getTime() : null;
  const inTrialStatus = f.subscriptionStatus === 'trial' || (f.subscriptionStatus === 'canceled' && f.currentPeriodEnd === null && ends !== null);
  const running = ends !== null && inTrialStatus && ends > now.getTime();
  const status = ends === null ? 'not_started' : running ? 'active' : 'expired';
  const daysLeft = running ? Math.ceil((ends - now.getTime()) / DAY_MS) : 0;
  return {
    status,
    trialEndsAt: f.trialEndsAt,
    daysLeft,
    paymentMethodProvided: f.paymentMethodProvided,
    subscriptionStatus: f.subscriptionStatus as SubscriptionStatus,
    inTrial: running,
    daysRemaining: daysLeft,
    trialExpired: status === 'expired',
  };
}

/** GET /api/payment-methods, /api/user/trial-status, /api/billing/config (read models and config only). */
export async function registerBillingQueries(q: FastifyInstance, rt: Pick<Runtime, 'db' | 'config' | 'clock'>) {
  q.get('/api/billing/config', async (): Promise<BillingConfigResponse> => {
    const stripe = !!rt.config.STRIPE_SECRET_KEY;
    return {
      provider: stripe ? 'stripe' : 'sandbox',
      publishableKey: stripe ? (rt.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      priceCents: PREMIUM_PRICE_CENTS,
      priceLabel: PREMIUM_PRICE_LABEL,
      trialDays: TRIAL_DAYS,
    };
  });

  q.get('/api/payment-methods', async (req, reply): Promise<PaymentMethodsResponse> => {
    const { userId } = await requireUser(req);
    reply.header('Cache-Control', 'no-store');
    return { paymentMethods: await readPaymentMethods(rt.db, userId) };
  });

  q.get('/api/user/trial-status', async (req, reply): Promise<TrialStatusResponse> => {
    const { userId } = await requireUser(req);
    reply.header('Cache-Control', 'no-store');
    const facts = await readSubscriptionFacts(rt.db, userId);
    if (!facts) throw new HttpError(401, accountMessages.notAuthenticated);
    return trialStatusOf(facts, rt.clock.now());
  });
}
