import { type Access, accessOf, billingPeriodOf } from '@lectio/contracts/billing';
import { type SubscriptionState, subscriptionFactsOf } from './subscription-decider';
import type { SubscriptionStream } from './subscription-stream';

/** What a reader may use now, decided on the command side from the subscription stream: the access rule, and the budget period. */
export interface Entitlement extends Access {
  /** The billing period, which is the AI budget period. */
  period: { start: string; end: string };
}

export function entitlementOf(s: SubscriptionState, now: Date): Entitlement {
  const facts = subscriptionFactsOf(s);
  return { ...accessOf(facts, now), period: billingPeriodOf({ ...facts, currentPeriodStart: s.periodStart }, now) };
}

/** Folds subscription-<userId> with the billing decider's evolve (never the read model), from the state last known. */
export async function loadEntitlement(
  subscriptions: SubscriptionStream,
  userId: string,
  now: Date,
): Promise<Entitlement> {
  return entitlementOf(await subscriptions.load(userId), now);
}
