/**
 * The one access rule: what a reader's subscription allows at a moment. The command side (who may
 * ask), the read side (GET /api/user, /api/user/trial-status, the usage and reminder answers) and
 * the web (header, assistant panel, banners, protected routes) all ask `accessOf`; nothing else
 * decides these facts. Pure and zod-free, so the web imports it cheaply.
 */

import { DAY_MS, isoOrNull } from './time';

export type SubscriptionStatus = 'inactive' | 'trial' | 'active' | 'canceled' | 'past_due';

const STATUSES: readonly SubscriptionStatus[] = ['inactive', 'trial', 'active', 'canceled', 'past_due'];

/**
 * The recorded facts the rule reads: the user as GET /api/user answers has them, the read model's
 * row has them, and the billing decider's state maps onto them.
 *
 * How each subscription event sets them: the one table the decider (`evolve` and
 * `subscriptionFactsOf`, command-service/src/billing/subscription-decider.ts) and the read model
 * (users-subscription.ts in projections) both follow, checked by access.property.test.ts.
 * `duringTrial` is SubscriptionCancelled's, kept until the next resume, end or paid period.
 *
 * | event                              | status                                   | trialEndsAt | currentPeriodEnd                                     | paymentMethodProvided      |
 * |------------------------------------|------------------------------------------|-------------|------------------------------------------------------|----------------------------|
 * | TrialStarted                       | trial                                    | the event's | unchanged (none)                                     | unchanged                  |
 * | TrialExtended                      | unchanged                                | the event's | unchanged                                            | unchanged                  |
 * | TrialExpired                       | inactive                                 | unchanged   | unchanged (none)                                     | unchanged                  |
 * | SubscriptionActivated, TrialConverted, SubscriptionRenewed | active           | unchanged   | the charge's period end                              | unchanged                  |
 * | SubscriptionCancelled              | canceled                                 | unchanged   | none if duringTrial, else accessEndsAt (= period end) | unchanged                  |
 * | SubscriptionResumed                | trial if duringTrial, else active        | unchanged   | none if duringTrial, else unchanged                  | unchanged                  |
 * | PaymentFailed                      | past_due                                 | unchanged   | unchanged                                            | unchanged                  |
 * | SubscriptionEnded                  | inactive                                 | unchanged   | none                                                 | unchanged                  |
 * | DefaultPaymentMethodSet            | unchanged                                | unchanged   | unchanged                                            | true                       |
 * | PaymentMethodRemoved               | unchanged                                | unchanged   | unchanged                                            | false if it was the default |
 */
export interface SubscriptionFacts {
  /** The status as last recorded on the subscription stream. */
  subscriptionStatus: string;
  /** When the trial ends (or ended); null: no trial was ever started. */
  trialEndsAt: string | Date | null;
  /**
   * The end of the paid period; for a cancelled paid subscription, when its access ends. Null
   * without a paid period, and for a trial cancelled by its reader (it never had one).
   */
  currentPeriodEnd: string | Date | null;
  paymentMethodProvided: boolean;
}

export interface Access {
  /** The status to show: the recorded one, unless time has overtaken it (a trial or a cancelled period that ended is 'inactive'). */
  status: SubscriptionStatus;
  /** A trial runs: started, not converted, and its end not reached (a trial cancelled by its reader still runs to its end). */
  inTrial: boolean;
  trialEndsAt: string | null;
  /** Whole days left in the running trial, rounded up; 0 outside one. */
  daysRemaining: number;
  /** A trial was started and no longer runs. */
  trialExpired: boolean;
  /** The trial banner's three states. */
  trialState: 'not_started' | 'active' | 'expired';
  /** Premium: active, or cancelled with the paid period not yet over. */
  premium: boolean;
  /** The suggested questions and their expert answers: Premium or a running trial. */
  maySuggested: boolean;
  /** Free-text questions: Premium only. */
  mayFreeText: boolean;
  /** When a cancelled subscription's (or trial's) access ends; null when not cancelled. */
  accessEndsAt: string | null;
  /** A trial without a card is held on /trial until the card is added. */
  mustAddCard: boolean;
  /** The header's Get Premium: every reader who is not an active subscriber (cancelled ones included). */
  offerPremium: boolean;
}

function time(v: string | Date | null): number | null {
  if (v === null) return null;
  const t = new Date(v).getTime();
  return Number.isNaN(t) ? null : t;
}

export function isSubscriptionStatus(v: string): v is SubscriptionStatus {
  return STATUSES.some((s) => s === v);
}

export function accessOf(facts: SubscriptionFacts, now: Date): Access {
  const at = now.getTime();
  const recorded: SubscriptionStatus = isSubscriptionStatus(facts.subscriptionStatus)
    ? facts.subscriptionStatus
    : 'inactive';
  const trialEnds = time(facts.trialEndsAt);
  const periodEnds = time(facts.currentPeriodEnd);
  const cancelledTrial = recorded === 'canceled' && periodEnds === null && trialEnds !== null;
  const inTrial = (recorded === 'trial' || cancelledTrial) && trialEnds !== null && trialEnds > at;
  const cancelledPaidRunning = recorded === 'canceled' && periodEnds !== null && periodEnds > at;
  const premium = recorded === 'active' || cancelledPaidRunning;

  let status: SubscriptionStatus = recorded;
  if (recorded === 'trial' && !inTrial) status = 'inactive';
  if (recorded === 'canceled' && !inTrial && !cancelledPaidRunning) status = 'inactive';

  const trialState = trialEnds === null ? 'not_started' : inTrial ? 'active' : 'expired';
  const accessEndsAt = status === 'canceled' ? isoOrNull(cancelledTrial ? trialEnds : periodEnds) : null;
  return {
    status,
    inTrial,
    trialEndsAt: isoOrNull(trialEnds),
    daysRemaining: inTrial && trialEnds !== null ? Math.ceil((trialEnds - at) / DAY_MS) : 0,
    trialExpired: trialState === 'expired',
    trialState,
    premium,
    maySuggested: premium || inTrial,
    mayFreeText: premium,
    accessEndsAt,
    mustAddCard: status === 'trial' && !facts.paymentMethodProvided,
    offerPremium: status !== 'active',
  };
}

/** What the Scripture Assistant's panel offers: free text (Premium), the suggested questions only (a running trial), or the promo. */
export type AssistantPanel = 'promo' | 'trial' | 'premium';

/** The panel a reader's access allows (null: signed out, the promo). */
export function assistantPanelOf(access: Access | null): AssistantPanel {
  if (access?.mayFreeText) return 'premium';
  return access?.maySuggested ? 'trial' : 'promo';
}

/**
 * The current billing period, which is also the AI budget period: the paid period while the reader
 * has one (Premium, or a failed renewal being retried), otherwise the calendar month (UTC) around
 * `now`. A renewal not yet recorded keeps the period it follows.
 */
export function billingPeriodOf(
  facts: SubscriptionFacts & { currentPeriodStart: string | Date | null },
  now: Date,
): { start: string; end: string } {
  const access = accessOf(facts, now);
  const start = time(facts.currentPeriodStart);
  const end = time(facts.currentPeriodEnd);
  if ((access.premium || access.status === 'past_due') && start !== null && end !== null)
    return { start: isoOrNull(start)!, end: isoOrNull(end)! };
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
}

/** A user (or any facts) as answered to the client: the status as shown, which the rule reads back unchanged. */
export function withShownStatus<T extends SubscriptionFacts>(facts: T, now: Date): T {
  return { ...facts, subscriptionStatus: accessOf(facts, now).status };
}
