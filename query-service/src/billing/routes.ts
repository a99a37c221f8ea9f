import type { FastifyInstance } from 'fastify';
import { accountMessages } from '@lectio/contracts/accounts';
import {
  accessOf,
  type BillingConfigResponse,
  type SubscriptionFacts,
  type PaymentMethodsResponse,
  PREMIUM_PRICE_CENTS,
  PREMIUM_PRICE_LABEL,
  TRIAL_DAYS,
  type TrialStatusResponse,
} from '@lectio/contracts/billing';
import { HttpError } from '@lectio/platform/http';
import { type BillingProviderChoice, requireUser, type Runtime } from '@lectio/platform';
import { readPaymentMethods, readSubscriptionFacts } from '@lectio/projections';

/** The trial fields, under both the spec's names and ours, as the access rule decides them. */
function trialStatusOf(f: SubscriptionFacts, now: Date): TrialStatusResponse {
  const a = accessOf(f, now);
  return {
    status: a.trialState,
    trialEndsAt: a.trialEndsAt,
    daysLeft: a.daysRemaining,
    paymentMethodProvided: f.paymentMethodProvided,
    subscriptionStatus: a.status,
    inTrial: a.inTrial,
    daysRemaining: a.daysRemaining,
    trialExpired: a.trialExpired,
  };
}

/** The provider the composition root chose (`billingProviderOf`): what the browser needs of it. */
export type BillingProviderShown = Pick<BillingProviderChoice, 'name' | 'publishableKey'>;

/** GET /api/payment-methods, /api/user/trial-status, /api/billing/config (read models and the chosen provider only). */
export async function registerBillingQueries(
  q: FastifyInstance,
  rt: Pick<Runtime, 'db' | 'clock'>,
  provider: BillingProviderShown,
) {
  q.get('/api/billing/config', async (): Promise<BillingConfigResponse> => {
    return {
      provider: provider.name,
      publishableKey: provider.publishableKey,
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
