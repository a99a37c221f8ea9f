import type { SubscriptionFacts } from '@lectio/contracts/billing';
import { userAccess } from '../../../lib/access';

/** Who sees what in the panel. */
export type AssistantMode = 'promo' | 'trial' | 'premium';

/** Free text: the premium panel; suggested questions only: the trial panel; neither: the promo. */
export function assistantMode(user: SubscriptionFacts | null, now: Date = new Date()): AssistantMode {
  const access = userAccess(user, now);
  if (access?.mayFreeText) return 'premium';
  return access?.maySuggested ? 'trial' : 'promo';
}

/** What the promo offers: a first trial, the subscription (a trial or Premium already had), or a card fix. */
export type PromoKind = 'new' | 'trialEnded' | 'premiumEnded' | 'paymentFailed';

export function promoKind(user: SubscriptionFacts | null, now: Date = new Date()): PromoKind {
  const access = userAccess(user, now);
  if (!user || !access) return 'new';
  if (access.status === 'past_due') return 'paymentFailed';
  if (user.currentPeriodEnd) return 'premiumEnded';
  return access.trialState === 'not_started' ? 'new' : 'trialEnded';
}
