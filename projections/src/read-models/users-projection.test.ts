import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { projectionSpec } from '@lectio/platform/testing';
import { usersProjection } from './users';

// users_view, given each event type the `users` projection handles (close() fails if one has no case).
const spec = projectionSpec(usersProjection);
afterAll(() => spec.close());

const t = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00.000Z`;
const d = (day: number) => new Date(t(day));
const billingColumns = `SELECT subscription_status, trial_ends_at, payment_method_provided, default_payment_method_id, stripe_customer_id,
  stripe_subscription_id, current_period_start, current_period_end, access_ends_at, last_payment_error FROM users_view WHERE user_id = $1`;
const none = {
  subscription_status: 'inactive',
  trial_ends_at: null,
  payment_method_provided: false,
  default_payment_method_id: null,
  stripe_customer_id: null,
  stripe_subscription_id: null,
  current_period_start: null,
  current_period_end: null,
  access_ends_at: null,
  last_payment_error: null,
};

/** A registered reader and the stream of their subscription. */
function reader() {
  const userId = randomUUID();
  const registered = {
    streamId: streams.user(userId),
    type: 'UserRegistered' as const,
    data: { userId, username: `r${userId.slice(0, 8)}`, email: `${userId}@example.com`, registeredAt: t(1) },
  };
  return { userId, registered, sub: streams.subscription(userId) };
}
const trial = (sub: string, customerId: string | null = null) => ({
  streamId: sub,
  type: 'TrialStarted' as const,
  data: { startedAt: t(1), trialEndsAt: t(15), customerId, providerSubscriptionId: null },
});
const card = (sub: string, paymentMethodId: string) => [
  {
    streamId: sub,
    type: 'PaymentMethodAdded' as const,
    data: {
      paymentMethodId,
      brand: 'visa' as const,
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
      customerId: 'cus_1',
      addedAt: t(2),
    },
  },
  { streamId: sub, type: 'DefaultPaymentMethodSet' as const, data: { paymentMethodId, setAt: t(2) } },
];
const charge = { invoiceId: 'in_1', amountCents: 1500, periodStart: t(15), periodEnd: '2026-02-15T00:00:00.000Z' };
const paid = {
  stripe_customer_id: 'cus_1',
  stripe_subscription_id: 'sub_1',
  current_period_start: d(15),
  current_period_end: new Date(charge.periodEnd),
};
const activated = (sub: string) => ({
  streamId: sub,
  type: 'SubscriptionActivated' as const,
  data: { ...charge, customerId: 'cus_1', providerSubscriptionId: 'sub_1', activatedAt: t(15) },
});

describe('users read model: subscription columns', () => {
  it('TrialStarted: a trial to its end, with the customer when a card came first', async () => {
    const r = reader();
    await spec
      .given(r.registered, trial(r.sub, 'cus_9'))
      .then(
        billingColumns,
        [r.userId],
        [{ ...none, subscription_status: 'trial', trial_ends_at: d(15), stripe_customer_id: 'cus_9' }],
      );
  });

  it('PaymentMethodAdded and DefaultPaymentMethodSet: the customer and the default card; PaymentMethodRemoved of it: no card', async () => {
    const r = reader();
    const withCard = {
      ...none,
      subscription_status: 'trial',
      trial_ends_at: d(15),
      stripe_customer_id: 'cus_1',
      payment_method_provided: true,
    };
    await spec
      .given(r.registered, trial(r.sub), ...card(r.sub, 'pm_a'))
      .then(billingColumns, [r.userId], [{ ...withCard, default_payment_method_id: 'pm_a' }]);
    await spec
      .given({ streamId: r.sub, type: 'PaymentMethodRemoved', data: { paymentMethodId: 'pm_a', removedAt: t(3) } })
      .then(billingColumns, [r.userId], [{ ...withCard, payment_method_provided: false }]);
  });

  it('SubscriptionActivated: active with the paid period', async () => {
    const r = reader();
    await spec
      .given(r.registered, activated(r.sub))
      .then(billingColumns, [r.userId], [{ ...none, ...paid, subscription_status: 'active' }]);
  });

  it('TrialConverted: the trial becomes active with its first paid period', async () => {
    const r = reader();
    await spec
      .given(r.registered, trial(r.sub), ...card(r.sub, 'pm_a'), {
        streamId: r.sub,
        type: 'TrialConverted',
        data: {
          ...charge,
          customerId: 'cus_1',
          providerSubscriptionId: 'sub_1',
          convertedAt: t(15),
          reason: 'trial_ended',
        },
      })
      .then(
        billingColumns,
        [r.userId],
        [
          {
            ...none,
            ...paid,
            subscription_status: 'active',
            trial_ends_at: d(15),
            payment_method_provided: true,
            default_payment_method_id: 'pm_a',
          },
        ],
      );
  });

  it('TrialExtended: the trial ends later', async () => {
    const r = reader();
    await spec
      .given(r.registered, trial(r.sub), {
        streamId: r.sub,
        type: 'TrialExtended',
        data: { days: 7, trialEndsAt: t(22), extendedAt: t(5) },
      })
      .then(billingColumns, [r.userId], [{ ...none, subscription_status: 'trial', trial_ends_at: d(22) }]);
  });

  it('TrialExpired: a trial without a card ends inactive', async () => {
    const r = reader();
    await spec
      .given(r.registered, trial(r.sub), {
        streamId: r.sub,
        type: 'TrialExpired',
        data: { trialEndsAt: t(15), expiredAt: t(15) },
      })
      .then(billingColumns, [r.userId], [{ ...none, trial_ends_at: d(15) }]);
  });

  it('SubscriptionCancelled during the trial: access to the trial end, no paid period; SubscriptionResumed: the trial again', async () => {
    const r = reader();
    await spec
      .given(r.registered, trial(r.sub), {
        streamId: r.sub,
        type: 'SubscriptionCancelled',
        data: { cancelledAt: t(5), accessEndsAt: t(15), duringTrial: true },
      })
      .then(
        billingColumns,
        [r.userId],
        [{ ...none, subscription_status: 'canceled', trial_ends_at: d(15), access_ends_at: d(15) }],
      );
    await spec
      .given({ streamId: r.sub, type: 'SubscriptionResumed', data: { resumedAt: t(6) } })
      .then(billingColumns, [r.userId], [{ ...none, subscription_status: 'trial', trial_ends_at: d(15) }]);
  });

  it('SubscriptionCancelled when paid: access to the period end; SubscriptionResumed: active again', async () => {
    const r = reader();
    const end = new Date(charge.periodEnd);
    await spec
      .given(r.registered, activated(r.sub), {
        streamId: r.sub,
        type: 'SubscriptionCancelled',
        data: { cancelledAt: t(20), accessEndsAt: charge.periodEnd, duringTrial: false },
      })
      .then(billingColumns, [r.userId], [{ ...none, ...paid, subscription_status: 'canceled', access_ends_at: end }]);
    await spec
      .given({ streamId: r.sub, type: 'SubscriptionResumed', data: { resumedAt: t(21) } })
      .then(billingColumns, [r.userId], [{ ...none, ...paid, subscription_status: 'active' }]);
  });

  it('PaymentFailed: past_due with the reason; SubscriptionRenewed: active for the next period, the error cleared', async () => {
    const r = reader();
    const next = {
      invoiceId: 'in_2',
      amountCents: 1500,
      periodStart: '2026-02-15T00:00:00.000Z',
      periodEnd: '2026-03-15T00:00:00.000Z',
    };
    await spec
      .given(r.registered, activated(r.sub), {
        streamId: r.sub,
        type: 'PaymentFailed',
        data: { ...next, failedAt: next.periodStart, reason: 'Your card was declined.' },
      })
      .then(
        billingColumns,
        [r.userId],
        [{ ...none, ...paid, subscription_status: 'past_due', last_payment_error: 'Your card was declined.' }],
      );
    await spec
      .given({ streamId: r.sub, type: 'SubscriptionRenewed', data: { ...next, renewedAt: next.periodStart } })
      .then(
        billingColumns,
        [r.userId],
        [
          {
            ...none,
            ...paid,
            subscription_status: 'active',
            current_period_start: new Date(next.periodStart),
            current_period_end: new Date(next.periodEnd),
          },
        ],
      );
  });

  it('SubscriptionEnded: inactive, no paid subscription or period left (the customer stays)', async () => {
    const r = reader();
    await spec
      .given(r.registered, activated(r.sub), {
        streamId: r.sub,
        type: 'SubscriptionEnded',
        data: { endedAt: charge.periodEnd, reason: 'cancelled' },
      })
      .then(billingColumns, [r.userId], [{ ...none, stripe_customer_id: 'cus_1' }]);
  });
});

describe('users read model: the account and the preferences', () => {
  const accountColumns = `SELECT username, email, created_at, password_changed_at, faith_journey, communication_style, last_preference_reminder
    FROM users_view WHERE user_id = $1`;
  const fresh = (userId: string) => ({
    username: `r${userId.slice(0, 8)}`,
    email: `${userId}@example.com`,
    created_at: d(1),
    password_changed_at: null,
    faith_journey: null,
    communication_style: null,
    last_preference_reminder: null,
  });

  it('UserRegistered: one row with the name, email and day (a repeat changes nothing); PasswordChanged: when', async () => {
    const r = reader();
    await spec
      .given(r.registered, { ...r.registered, data: { ...r.registered.data, username: 'again' } })
      .then(accountColumns, [r.userId], [fresh(r.userId)]);
    await spec
      .given({ streamId: streams.user(r.userId), type: 'PasswordChanged', data: { reason: 'change', changedAt: t(3) } })
      .then(accountColumns, [r.userId], [{ ...fresh(r.userId), password_changed_at: d(3) }]);
  });

  it('PreferencesUpdated: the journey and style, and the reminder answered; PreferenceReminderDismissed: only the reminder', async () => {
    const r = reader();
    const user = streams.user(r.userId);
    const saved = { faith_journey: 'growing_believer', communication_style: 'simple', last_preference_reminder: d(4) };
    await spec
      .given(r.registered, {
        streamId: user,
        type: 'PreferencesUpdated',
        data: { faithJourney: 'growing_believer', communicationStyle: 'simple', updatedAt: t(4) },
      })
      .then(accountColumns, [r.userId], [{ ...fresh(r.userId), ...saved }]);
    await spec
      .given({ streamId: user, type: 'PreferenceReminderDismissed', data: { dismissedAt: t(9) } })
      .then(accountColumns, [r.userId], [{ ...fresh(r.userId), ...saved, last_preference_reminder: d(9) }]);
  });
});
