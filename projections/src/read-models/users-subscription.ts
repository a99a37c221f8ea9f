import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from '@lectio/contracts/billing';
import type { Queryable } from '@lectio/platform';
import type { ProjectedEvent } from '@lectio/platform/projections';
import { streams } from '@lectio/contracts/events';
import { isoOrNull } from '@lectio/contracts/time';

/**
 * The subscription columns of users_view (part of the `users` read model), from the
 * subscription-<userId> stream: what GET /api/user and /api/user/trial-status show.
 * These are the facts the access rule (`accessOf`) reads, each derived from the events as the
 * table beside `SubscriptionFacts` (contracts/src/access.ts) says, the table the decider's
 * `subscriptionFactsOf` follows too (cancelled_during_trial is the event's duringTrial, as the
 * decider keeps it). stripe_subscription_id is set only while a paid subscription exists (the
 * spec's header and chat panel count a stripe id as a subscriber), stripe_customer_id from the first card.
 */
// Every subscription event but TrialWillEnd, which changes no column (it only sends an email).
export type SubscriptionUserEvent = Exclude<SubscriptionEvent, { type: 'TrialWillEnd' }>;
export const SUBSCRIPTION_USER_EVENT_TYPES = SUBSCRIPTION_EVENT_TYPES.filter(
  (type): type is SubscriptionUserEvent['type'] => type !== 'TrialWillEnd',
);

export async function applySubscriptionToUser(tx: Queryable, e: ProjectedEvent<SubscriptionUserEvent>): Promise<void> {
  const userId = streams.subscription.userIdOf(e.streamId);
  if (!userId) return;
  const set = (assignments: string, values: unknown[]) =>
    tx.query(`UPDATE users_view SET ${assignments} WHERE user_id = $1`, [userId, ...values]);
  switch (e.type) {
    case 'TrialStarted':
      return void (await set(
        `subscription_status = 'trial', trial_ends_at = $2, stripe_customer_id = COALESCE($3, stripe_customer_id)`,
        [e.data.trialEndsAt, e.data.customerId],
      ));
    case 'PaymentMethodAdded':
      return void (await set('stripe_customer_id = COALESCE(stripe_customer_id, $2)', [e.data.customerId]));
    case 'DefaultPaymentMethodSet':
      return void (await set('default_payment_method_id = $2, payment_method_provided = true', [
        e.data.paymentMethodId,
      ]));
    case 'PaymentMethodRemoved':
      return void (await set(
        `payment_method_provided = (default_payment_method_id IS DISTINCT FROM $2 AND default_payment_method_id IS NOT NULL),
         default_payment_method_id = CASE WHEN default_payment_method_id = $2 THEN NULL ELSE default_payment_method_id END`,
        [e.data.paymentMethodId],
      ));
    case 'SubscriptionActivated':
    case 'TrialConverted':
      return void (await set(
        `subscription_status = 'active', stripe_customer_id = $2, stripe_subscription_id = $3, current_period_start = $4, current_period_end = $5,
         access_ends_at = NULL, last_payment_error = NULL, cancelled_during_trial = false`,
        [e.data.customerId, e.data.providerSubscriptionId, e.data.periodStart, e.data.periodEnd],
      ));
    case 'TrialExtended':
      return void (await set('trial_ends_at = $2', [e.data.trialEndsAt]));
    case 'TrialExpired':
      return void (await set(`subscription_status = 'inactive'`, []));
    case 'SubscriptionCancelled':
      return void (await set(
        `subscription_status = 'canceled', access_ends_at = $2, cancelled_during_trial = $3::boolean,
         current_period_end = CASE WHEN $3::boolean THEN NULL ELSE $2::timestamptz END`,
        [e.data.accessEndsAt, e.data.duringTrial],
      ));
    case 'SubscriptionResumed':
      return void (await set(
        `subscription_status = CASE WHEN cancelled_during_trial THEN 'trial' ELSE 'active' END, access_ends_at = NULL, cancelled_during_trial = false,
         current_period_end = CASE WHEN cancelled_during_trial THEN NULL ELSE current_period_end END`,
        [],
      ));
    case 'SubscriptionRenewed':
      return void (await set(
        `subscription_status = 'active', current_period_start = $2, current_period_end = $3, last_payment_error = NULL, cancelled_during_trial = false`,
        [e.data.periodStart, e.data.periodEnd],
      ));
    case 'SubscriptionEnded':
      return void (await set(
        `subscription_status = 'inactive', stripe_subscription_id = NULL, access_ends_at = NULL, current_period_end = NULL, current_period_start = NULL,
         cancelled_during_trial = false`,
        [],
      ));
    case 'PaymentFailed':
      return void (await set(`subscription_status = 'past_due', last_payment_error = $2`, [e.data.reason]));
  }
}

/** One user's billing columns as read (GET /api/user/trial-status and the billing pages): `SubscriptionFacts` and what the pages add. */
export interface SubscriptionRow {
  subscriptionStatus: string;
  trialEndsAt: string | null;
  paymentMethodProvided: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  accessEndsAt: string | null;
  lastPaymentError: string | null;
}

/** The billing columns of one user. */
export async function readSubscriptionFacts(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  const r = await q.query<{
    subscription_status: string;
    trial_ends_at: Date | string | null;
    payment_method_provided: boolean;
    current_period_start: Date | string | null;
    current_period_end: Date | string | null;
    access_ends_at: Date | string | null;
    last_payment_error: string | null;
  }>(
    `SELECT subscription_status, trial_ends_at, payment_method_provided, current_period_start, current_period_end, access_ends_at, last_payment_error
     FROM users_view WHERE user_id = $1`,
    [userId],
  );
  const row = r.rows[0];
  return (
    row && {
      subscriptionStatus: row.subscription_status,
      trialEndsAt: isoOrNull(row.trial_ends_at),
      paymentMethodProvided: row.payment_method_provided,
      currentPeriodStart: isoOrNull(row.current_period_start),
      currentPeriodEnd: isoOrNull(row.current_period_end),
      accessEndsAt: isoOrNull(row.access_ends_at),
      lastPaymentError: row.last_payment_error,
    }
  );
}
