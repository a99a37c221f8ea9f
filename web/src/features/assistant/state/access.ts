import { hasPremiumAccess } from '@lectio/contracts/premium';

/** Who sees what in the panel. */
export type AssistantMode = 'promo' | 'trial' | 'premium';

export interface AccessFacts {
  subscriptionStatus: string;
  currentPeriodEnd?: string | null;
  trialEndsAt?: string | null;
}

/** Premium: free text; an unexpired trial: suggested questions; anyone else: the promo. */
export function assistantMode(user: AccessFacts | null, now: Date = new Date()): AssistantMode {
  if (!user) return 'promo';
  if (hasPremiumAccess({ subscriptionStatus: user.subscriptionStatus, currentPeriodEnd: user.currentPeriodEnd ?? null }, now)) return 'premium';
  if (user.subscriptionStatus !== 'trial') return 'promo';
  const ends = user.trialEndsAt ? new Date(user.trialEndsAt).getTime() : Number.NaN;
  return Number.isNaN(ends) || ends > now.getTime() ? 'trial' : 'promo';
}

/** What the promo offers: a first trial, the subscription (a trial or Premium already had), or a card fix. */
export type PromoKind = 'new' | 'trialEnded' | 'premiumEnded' | 'paymentFailed';

export function promoKind(user: AccessFacts | null): PromoKind {
  if (!user) return 'new';
  if (user.subscriptionStatus === 'past_due') return 'paymentFailed';
  if (user.subscriptionStatus === 'canceled') return 'premiumEnded';
  return user.trialEndsAt ? 'trialEnded' : 'new';
}
