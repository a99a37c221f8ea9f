/** The one premium rule, shared by server and web. */
export type SubscriptionStatus = 'inactive' | 'trial' | 'active' | 'canceled' | 'past_due';

export interface PremiumFacts {
  subscriptionStatus: SubscriptionStatus | string | null | undefined;
  /** End of the paid period (ISO string or Date); relevant for cancelled subscriptions. */
  currentPeriodEnd?: string | Date | null;
}

export function hasPremiumAccess(facts: PremiumFacts, now: Date = new Date()): boolean {
  if (facts.subscriptionStatus === 'active') return true;
  if (facts.subscriptionStatus === 'canceled' && facts.currentPeriodEnd) {
    return new Date(facts.currentPeriodEnd).getTime() > now.getTime();
  }
  return false;
}
