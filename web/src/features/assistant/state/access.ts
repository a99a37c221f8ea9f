import { type AssistantPanel, assistantPanelOf, type SubscriptionFacts } from '@lectio/contracts/billing';
import { userAccess } from '../../../lib/access';

/** Who sees what in the panel: the promo, the trial's suggested questions, or Premium's free text. */
export type AssistantMode = AssistantPanel;

/** The panel the access rule allows the signed-in user (signed out: the promo). */
export function assistantMode(user: SubscriptionFacts | null, now: Date = new Date()): AssistantMode {
  return assistantPanelOf(userAccess(user, now));
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
