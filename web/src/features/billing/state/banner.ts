import { accessOf, type SubscriptionFacts } from '@lectio/contracts/billing';
import type { TrialStatus } from '../api/billing';

/**
 * Which billing banner the reader shows. The spec's trial banner has three states (active trial,
 * expired trial, not started) and is hidden when the status is active; a failed renewal
 * (past_due) gets its own, because the reader must see how to fix the card.
 */
export type BannerState =
  | { kind: 'hidden' }
  | { kind: 'trial'; daysLeft: number; trialEndsAt: string | null }
  | { kind: 'expired' }
  | { kind: 'not_started' }
  | { kind: 'past_due' };

/**
 * The banner the account alone suggests (the access rule on its facts), drawn unseen while the
 * trial status is read so that the reader keeps its room; the trial status then decides.
 */
export function provisionalBannerState(user: SubscriptionFacts, now: Date): BannerState {
  const access = accessOf(user, now);
  return bannerState(access.status, {
    status: access.trialState,
    trialEndsAt: access.trialEndsAt,
    daysLeft: access.daysRemaining,
    subscriptionStatus: access.status,
  });
}

/** What of the trial status the banner reads (the account's own facts give as much while it is read). */
type TrialFacts = Pick<TrialStatus, 'status' | 'trialEndsAt' | 'daysLeft' | 'subscriptionStatus'>;

export function bannerState(subscriptionStatus: string | null | undefined, trial: TrialFacts | null): BannerState {
  if (subscriptionStatus === 'active') return { kind: 'hidden' };
  if (subscriptionStatus === 'past_due') return { kind: 'past_due' };
  // A cancelled subscriber is told about the end of access on the account pages; a second trial is refused.
  if (subscriptionStatus === 'canceled') return { kind: 'hidden' };
  if (!trial) return { kind: 'hidden' };
  if (trial.subscriptionStatus === 'active') return { kind: 'hidden' };
  if (trial.status === 'active')
    return { kind: 'trial', daysLeft: Math.max(0, Math.ceil(trial.daysLeft)), trialEndsAt: trial.trialEndsAt };
  if (trial.status === 'expired') return { kind: 'expired' };
  return { kind: 'not_started' };
}

export function daysLeftText(days: number): string {
  if (days <= 0) return 'Your free trial ends today';
  return `${days} ${days === 1 ? 'day' : 'days'} left in your free trial`;
}
