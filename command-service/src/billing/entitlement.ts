import { streams } from '@lectio/contracts/events';
import { hasPremiumAccess, type SubscriptionStatus } from '@lectio/contracts/premium';
import type { EventStore } from '@lectio/platform/eventstore';
import { foldSubscription, type SubscriptionState } from './subscription-decider';

/** What a reader may use now, decided on the command side from the subscription stream. */
export interface Entitlement {
  status: SubscriptionStatus;
  /** hasPremiumAccess(...) at `now`. */
  premium: boolean;
  /** The trial's features (suggested questions) apply: the trial runs (card or not), or was cancelled but has not reached its end. */
  trial: boolean;
  trialEndsAt: string | null;
  /** The paid billing period = the AI budget period (null without a paid period). */
  periodStart: string | null;
  periodEnd: string | null;
}

export function entitlementOf(s: SubscriptionState, now: Date): Entitlement {
  const trialEnds = s.trialEndsAt ? new Date(s.trialEndsAt).getTime() : 0;
  const trialStatus = s.status === 'trial' || (s.status === 'canceled' && s.cancelledDuringTrial);
  // A trial cancelled by its reader has no paid period: it must not count as a cancelled paid
  // subscription (which keeps Premium to its period's end).
  const paidPeriodEnd = s.status === 'canceled' && s.cancelledDuringTrial ? null : (s.accessEndsAt ?? s.periodEnd);
  const paid = s.periodStart !== null && !trialStatus && s.status !== 'inactive';
  return {
    status: s.status,
    premium: hasPremiumAccess({ subscriptionStatus: s.status, currentPeriodEnd: paidPeriodEnd }, now),
    trial: trialStatus && trialEnds > now.getTime(),
    trialEndsAt: s.trialEndsAt,
    periodStart: paid ? s.periodStart : null,
    periodEnd: paid ? s.periodEnd : null,
  };
}

/** Folds subscription-<userId> with the billing decider's evolve (never the read model). */
export async function loadEntitlement(store: EventStore, userId: string, now: Date): Promise<Entitlement> {
  const events = await store.readStream(streams.subscription(userId));
  return entitlementOf(foldSubscription(events), now);
}
