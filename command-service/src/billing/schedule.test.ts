import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { projectionSpec } from '@lectio/platform/testing';
import { billingMigrations } from './migrations';
import { billingScheduleProjection } from './schedule';

// The billing policy's schedule, given each subscription event type (close() fails if one has no
// case): the state it folds and when the policy must look at the subscription next (the trial's
// 3-day notice, the trial's end, the period's end, when a cancelled access ends, the past-due grace).
const spec = projectionSpec(billingScheduleProjection, billingMigrations);
afterAll(() => spec.close());

const t = (day: number) => new Date(Date.UTC(2026, 0, day)).toISOString();
const d = (day: number) => new Date(t(day));
const due = `SELECT state->>'status' AS status, state->>'defaultPaymentMethodId' AS default_card, jsonb_array_length(state->'cards')::int AS cards,
  next_due_at FROM billing_schedule WHERE user_id = $1`;

function reader() {
  const userId = randomUUID();
  return { userId, sub: streams.subscription(userId) };
}
const trial = (sub: string) => ({
  streamId: sub,
  type: 'TrialStarted' as const,
  data: { startedAt: t(1), trialEndsAt: t(15), customerId: null, providerSubscriptionId: null },
});
const charge = (from: number, to: number, invoiceId = `in_${from}`) => ({
  invoiceId,
  amountCents: 1500,
  periodStart: t(from),
  periodEnd: t(to),
});
const activated = (sub: string) => ({
  streamId: sub,
  type: 'SubscriptionActivated' as const,
  data: { ...charge(1, 32), customerId: 'cus_1', providerSubscriptionId: 'sub_1', activatedAt: t(1) },
});

describe('billing schedule', () => {
  it('TrialStarted: due three days before the trial ends (the notice); TrialWillEnd: then due at its end', async () => {
    const r = reader();
    await spec
      .given(trial(r.sub))
      .then(due, [r.userId], [{ status: 'trial', default_card: null, cards: 0, next_due_at: d(12) }]);
    await spec
      .given({
        streamId: r.sub,
        type: 'TrialWillEnd',
        data: { trialEndsAt: t(15), noticedAt: t(12), paymentMethodProvided: false },
      })
      .then(due, [r.userId], [{ status: 'trial', default_card: null, cards: 0, next_due_at: d(15) }]);
  });

  it('TrialExtended: the notice is due again, three days before the new end; TrialExpired: nothing more is due', async () => {
    const r = reader();
    await spec
      .given(
        trial(r.sub),
        {
          streamId: r.sub,
          type: 'TrialWillEnd',
          data: { trialEndsAt: t(15), noticedAt: t(12), paymentMethodProvided: false },
        },
        { streamId: r.sub, type: 'TrialExtended', data: { days: 7, trialEndsAt: t(22), extendedAt: t(13) } },
      )
      .then(due, [r.userId], [{ status: 'trial', default_card: null, cards: 0, next_due_at: d(19) }]);
    await spec
      .given({ streamId: r.sub, type: 'TrialExpired', data: { trialEndsAt: t(22), expiredAt: t(22) } })
      .then(due, [r.userId], [{ status: 'inactive', default_card: null, cards: 0, next_due_at: null }]);
  });

  it('PaymentMethodAdded and DefaultPaymentMethodSet: the card and the default; PaymentMethodRemoved of it: neither', async () => {
    const r = reader();
    const card = {
      paymentMethodId: 'pm_a',
      brand: 'visa' as const,
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
      customerId: 'cus_1',
      addedAt: t(2),
    };
    await spec
      .given(
        trial(r.sub),
        { streamId: r.sub, type: 'PaymentMethodAdded', data: card },
        { streamId: r.sub, type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_a', setAt: t(2) } },
      )
      .then(due, [r.userId], [{ status: 'trial', default_card: 'pm_a', cards: 1, next_due_at: d(12) }]);
    await spec
      .given({ streamId: r.sub, type: 'PaymentMethodRemoved', data: { paymentMethodId: 'pm_a', removedAt: t(3) } })
      .then(due, [r.userId], [{ status: 'trial', default_card: null, cards: 0, next_due_at: d(12) }]);
  });

  it('TrialConverted: active, due when the first paid period ends', async () => {
    const r = reader();
    await spec
      .given(trial(r.sub), {
        streamId: r.sub,
        type: 'TrialConverted',
        data: {
          ...charge(15, 46),
          customerId: 'cus_1',
          providerSubscriptionId: 'sub_1',
          convertedAt: t(15),
          reason: 'trial_ended',
        },
      })
      .then(due, [r.userId], [{ status: 'active', default_card: null, cards: 0, next_due_at: d(46) }]);
  });

  it('SubscriptionActivated: due at the period end; SubscriptionRenewed: at the next one', async () => {
    const r = reader();
    await spec
      .given(activated(r.sub))
      .then(due, [r.userId], [{ status: 'active', default_card: null, cards: 0, next_due_at: d(32) }]);
    await spec
      .given({ streamId: r.sub, type: 'SubscriptionRenewed', data: { ...charge(32, 60), renewedAt: t(32) } })
      .then(due, [r.userId], [{ status: 'active', default_card: null, cards: 0, next_due_at: d(60) }]);
  });

  it('SubscriptionCancelled: due when access ends; SubscriptionResumed: at the period end again', async () => {
    const r = reader();
    await spec
      .given(activated(r.sub), {
        streamId: r.sub,
        type: 'SubscriptionCancelled',
        data: { cancelledAt: t(5), accessEndsAt: t(32), duringTrial: false },
      })
      .then(due, [r.userId], [{ status: 'canceled', default_card: null, cards: 0, next_due_at: d(32) }]);
    await spec
      .given({ streamId: r.sub, type: 'SubscriptionResumed', data: { resumedAt: t(6) } })
      .then(due, [r.userId], [{ status: 'active', default_card: null, cards: 0, next_due_at: d(32) }]);
  });

  it('a trial cancelled and resumed is a trial again, its notice due as before', async () => {
    const r = reader();
    await spec
      .given(trial(r.sub), {
        streamId: r.sub,
        type: 'SubscriptionCancelled',
        data: { cancelledAt: t(3), accessEndsAt: t(15), duringTrial: true },
      })
      .then(due, [r.userId], [{ status: 'canceled', default_card: null, cards: 0, next_due_at: d(15) }]);
    await spec
      .given({ streamId: r.sub, type: 'SubscriptionResumed', data: { resumedAt: t(4) } })
      .then(due, [r.userId], [{ status: 'trial', default_card: null, cards: 0, next_due_at: d(12) }]);
  });

  it('PaymentFailed: past due, due when the grace ends (14 days after the first failure); SubscriptionEnded: nothing more is due', async () => {
    const r = reader();
    const failed = (day: number) => ({
      streamId: r.sub,
      type: 'PaymentFailed' as const,
      data: {
        invoiceId: `in_f${day}`,
        amountCents: 1500,
        failedAt: t(day),
        reason: 'Your card was declined.',
        periodStart: t(32),
        periodEnd: t(60),
      },
    });
    await spec
      .given(activated(r.sub), failed(32), failed(35))
      .then(due, [r.userId], [{ status: 'past_due', default_card: null, cards: 0, next_due_at: d(46) }]);
    await spec
      .given({ streamId: r.sub, type: 'SubscriptionEnded', data: { endedAt: t(46), reason: 'payment_failed' } })
      .then(due, [r.userId], [{ status: 'inactive', default_card: null, cards: 0, next_due_at: null }]);
  });
});
