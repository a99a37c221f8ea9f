import { describe, expect, it } from 'vitest';
import { at, iso, visa, mc, charge } from './timeline.testing';
import { billingMessages, MAX_TRIAL_EXTENSION_DAYS, type SubscriptionEvent } from '@lectio/contracts/billing';
import { spec } from '@lectio/platform/testing';
import { entitlementOf } from './entitlement';
import { foldSubscription, subscriptionDecider } from './subscription-decider';

const given = (events: SubscriptionEvent[]) => spec(subscriptionDecider).given(events);

const trialStarted: SubscriptionEvent = {
  type: 'TrialStarted',
  data: { startedAt: iso(0), trialEndsAt: iso(14), customerId: 'cus_1', providerSubscriptionId: 'sub_1' },
};
const cardAdded: SubscriptionEvent[] = [
  { type: 'PaymentMethodAdded', data: { ...visa, customerId: 'cus_1', addedAt: iso(0) } },
  { type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_1', setAt: iso(0) } },
];
const trialWithCard = [...cardAdded, trialStarted];
const converted: SubscriptionEvent = {
  type: 'TrialConverted',
  data: {
    ...charge('in_1', 14),
    customerId: 'cus_1',
    providerSubscriptionId: 'sub_1',
    convertedAt: iso(14),
    reason: 'trial_ended',
  },
};
const active = [...trialWithCard, converted];
const cancelled: SubscriptionEvent = {
  type: 'SubscriptionCancelled',
  data: { cancelledAt: iso(20), accessEndsAt: iso(44), duringTrial: false },
};

describe('trial', () => {
  it('starts with a card: the card is added, made default, then the trial starts', () => {
    given([])
      .when({
        type: 'StartTrial',
        at: at(0),
        trialEndsAt: at(14),
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        card: visa,
        priorTrial: null,
      })
      .then(trialWithCard);
  });
  it('starts on the card already on file (signed in, start-trial)', () => {
    given(cardAdded)
      .when({
        type: 'StartTrial',
        at: at(0),
        trialEndsAt: at(14),
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        priorTrial: null,
      })
      .then([trialStarted]);
  });
  it('refuses to start without a card', () => {
    given([])
      .when({
        type: 'StartTrial',
        at: at(0),
        trialEndsAt: at(14),
        customerId: null,
        providerSubscriptionId: null,
        priorTrial: null,
      })
      .thenThrows(billingMessages.trialNeedsCard);
    given([...cardAdded, { type: 'PaymentMethodRemoved', data: { paymentMethodId: 'pm_1', removedAt: iso(0) } }])
      .when({
        type: 'StartTrial',
        at: at(0),
        trialEndsAt: at(14),
        customerId: 'cus_1',
        providerSubscriptionId: null,
        priorTrial: null,
      })
      .thenThrows(billingMessages.trialNeedsCard);
  });
  it('refuses a trial when another account had one with the same e-mail address or card', () => {
    for (const priorTrial of ['email', 'card'] as const) {
      given([])
        .when({
          type: 'StartTrial',
          at: at(0),
          trialEndsAt: at(14),
          customerId: 'cus_1',
          providerSubscriptionId: 'sub_1',
          card: visa,
          priorTrial,
        })
        .thenThrows(billingMessages.trialUsedElsewhere);
    }
  });
  it('refuses a second trial, even after the first expired', () => {
    given(trialWithCard)
      .when({
        type: 'StartTrial',
        at: at(1),
        trialEndsAt: at(15),
        customerId: null,
        providerSubscriptionId: null,
        priorTrial: null,
      })
      .thenThrows('You have already used your free trial.');
    given([trialStarted, { type: 'TrialExpired', data: { trialEndsAt: iso(14), expiredAt: iso(14) } }])
      .when({
        type: 'StartTrial',
        at: at(20),
        trialEndsAt: at(34),
        customerId: null,
        providerSubscriptionId: null,
        priorTrial: null,
      })
      .thenThrows('You have already used your free trial.');
  });
  it('refuses a trial to a subscriber', () => {
    given(active)
      .when({
        type: 'StartTrial',
        at: at(20),
        trialEndsAt: at(34),
        customerId: null,
        providerSubscriptionId: null,
        priorTrial: null,
      })
      .thenThrows('You already have an active subscription.');
  });
  it('at its end with a card: converted at $15 with the charge recorded', () => {
    given(trialWithCard)
      .when({
        type: 'ConvertTrial',
        at: at(14),
        reason: 'trial_ended',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_1', 14),
      })
      .then([converted]);
    const s = foldSubscription(active);
    expect(s.status).toBe('active');
    expect([...s.paidInvoices]).toEqual(['in_1']);
  });
  it('converting twice with the same charge changes nothing (a retried policy)', () => {
    given(active)
      .when({
        type: 'ConvertTrial',
        at: at(14),
        reason: 'trial_ended',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_1', 14),
      })
      .thenNothing();
  });
  it('is not converted by the policy before its end', () => {
    given(trialWithCard)
      .when({
        type: 'ConvertTrial',
        at: at(10),
        reason: 'trial_ended',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_1', 10),
      })
      .thenThrows('You are not in a free trial.');
  });
  it('at its end without a card: expired', () => {
    given([trialStarted])
      .when({ type: 'ExpireTrial', at: at(14) })
      .then([{ type: 'TrialExpired', data: { trialEndsAt: iso(14), expiredAt: iso(14) } }]);
    given([trialStarted])
      .when({ type: 'ExpireTrial', at: at(13) })
      .thenNothing();
    given(trialWithCard)
      .when({ type: 'ExpireTrial', at: at(14) })
      .thenNothing();
  });
  it('upgrades early with Start Premium Now', () => {
    given(trialWithCard)
      .when({
        type: 'ConvertTrial',
        at: at(3),
        reason: 'upgraded',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_9', 3),
      })
      .then([
        {
          type: 'TrialConverted',
          data: {
            ...charge('in_9', 3),
            customerId: 'cus_1',
            providerSubscriptionId: 'sub_1',
            convertedAt: iso(3),
            reason: 'upgraded',
          },
        },
      ]);
  });
  it('refuses to convert an expired trial', () => {
    const expired: SubscriptionEvent[] = [
      trialStarted,
      { type: 'TrialExpired', data: { trialEndsAt: iso(14), expiredAt: iso(14) } },
    ];
    given(expired)
      .when({
        type: 'ConvertTrial',
        at: at(15),
        reason: 'upgraded',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_2', 15),
      })
      .thenThrows('Your free trial has ended. Subscribe to continue with Premium.');
    // Past its end but not yet expired by the policy: also refused.
    given(trialWithCard)
      .when({
        type: 'ConvertTrial',
        at: at(15),
        reason: 'upgraded',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_2', 15),
      })
      .thenThrows('Your free trial has ended. Subscribe to continue with Premium.');
  });
  it('refuses to convert a trial without a card', () => {
    given([trialStarted])
      .when({
        type: 'ConvertTrial',
        at: at(3),
        reason: 'upgraded',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_2', 3),
      })
      .thenThrows('Add a payment method first.');
  });
  it('a failed charge at the trial end makes it past_due', () => {
    const failed: SubscriptionEvent = {
      type: 'PaymentFailed',
      data: {
        invoiceId: 'in_x',
        amountCents: 1500,
        failedAt: iso(14),
        reason: 'Your card was declined.',
        periodStart: iso(14),
        periodEnd: iso(44),
      },
    };
    given(trialWithCard)
      .when({
        type: 'RecordPaymentFailure',
        at: at(14),
        invoiceId: 'in_x',
        amountCents: 1500,
        reason: 'Your card was declined.',
        periodStart: iso(14),
        periodEnd: iso(44),
      })
      .then([failed]);
    expect(foldSubscription([...trialWithCard, failed]).status).toBe('past_due');
  });
});

describe('cards', () => {
  it('a second card is added but not made default', () => {
    given(trialWithCard)
      .when({ type: 'AddPaymentMethod', at: at(1), customerId: 'cus_1', card: mc })
      .then([{ type: 'PaymentMethodAdded', data: { ...mc, customerId: 'cus_1', addedAt: iso(1) } }]);
  });
  it('adding the same card twice changes nothing', () => {
    given(trialWithCard)
      .when({ type: 'AddPaymentMethod', at: at(1), customerId: 'cus_1', card: visa })
      .thenNothing();
  });
  it('sets the default; an unknown card is refused', () => {
    const two = [
      ...trialWithCard,
      { type: 'PaymentMethodAdded', data: { ...mc, customerId: 'cus_1', addedAt: iso(1) } } as SubscriptionEvent,
    ];
    given(two)
      .when({ type: 'SetDefaultPaymentMethod', at: at(2), paymentMethodId: 'pm_2' })
      .then([{ type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_2', setAt: iso(2) } }]);
    given(two)
      .when({ type: 'SetDefaultPaymentMethod', at: at(2), paymentMethodId: 'pm_1' })
      .thenNothing();
    given(two)
      .when({ type: 'SetDefaultPaymentMethod', at: at(2), paymentMethodId: 'pm_x' })
      .thenThrows('Payment method not found.');
  });
  it('refuses to remove the only (default) card of an active subscription', () => {
    given(active)
      .when({ type: 'RemovePaymentMethod', at: at(20), paymentMethodId: 'pm_1' })
      .thenThrows(/Make another card the default/);
  });
  it('removes the old card once another is default', () => {
    const two: SubscriptionEvent[] = [
      ...active,
      { type: 'PaymentMethodAdded', data: { ...mc, customerId: 'cus_1', addedAt: iso(20) } },
      { type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_2', setAt: iso(20) } },
    ];
    given(two)
      .when({ type: 'RemovePaymentMethod', at: at(21), paymentMethodId: 'pm_1' })
      .then([{ type: 'PaymentMethodRemoved', data: { paymentMethodId: 'pm_1', removedAt: iso(21) } }]);
    given(two)
      .when({ type: 'RemovePaymentMethod', at: at(21), paymentMethodId: 'pm_2' })
      .thenThrows(/Make another card the default/);
  });
  it('a card no subscription needs can be removed', () => {
    const ended: SubscriptionEvent[] = [
      ...active,
      cancelled,
      { type: 'SubscriptionEnded', data: { endedAt: iso(44), reason: 'cancelled' } },
    ];
    given(ended)
      .when({ type: 'RemovePaymentMethod', at: at(50), paymentMethodId: 'pm_1' })
      .then([{ type: 'PaymentMethodRemoved', data: { paymentMethodId: 'pm_1', removedAt: iso(50) } }]);
  });
});

describe('cancel, end, renew', () => {
  it('cancels at period end; access ends with the paid period', () => {
    given(active)
      .when({ type: 'Cancel', at: at(20) })
      .then([cancelled]);
  });
  it('refuses to cancel twice', () => {
    given([...active, cancelled])
      .when({ type: 'Cancel', at: at(21) })
      .thenThrows('Your subscription is already cancelled.');
  });
  it('refuses to cancel nothing', () => {
    given([])
      .when({ type: 'Cancel', at: at(1) })
      .thenThrows('You have no subscription to cancel.');
  });
  it('cancelling a trial: no charge, access to the trial end', () => {
    given(trialWithCard)
      .when({ type: 'Cancel', at: at(2) })
      .then([
        { type: 'SubscriptionCancelled', data: { cancelledAt: iso(2), accessEndsAt: iso(14), duringTrial: true } },
      ]);
  });
  it('a cancelled subscriber keeps Premium to the period end, then it ends', () => {
    const s = foldSubscription([...active, cancelled]);
    expect(entitlementOf(s, at(43)).premium).toBe(true);
    expect(entitlementOf(s, at(45)).premium).toBe(false);
    given([...active, cancelled])
      .when({ type: 'EndSubscription', at: at(43) })
      .thenNothing();
    given([...active, cancelled])
      .when({ type: 'EndSubscription', at: at(44) })
      .then([{ type: 'SubscriptionEnded', data: { endedAt: iso(44), reason: 'cancelled' } }]);
  });
  it('renews before the period ends: resumed, no charge', () => {
    given([...active, cancelled])
      .when({ type: 'Resume', at: at(30) })
      .then([{ type: 'SubscriptionResumed', data: { resumedAt: iso(30) } }]);
    expect(
      foldSubscription([...active, cancelled, { type: 'SubscriptionResumed', data: { resumedAt: iso(30) } }]).status,
    ).toBe('active');
  });
  it('cannot resume after the period ended; a renewal after the end is a new paid subscription', () => {
    const ended: SubscriptionEvent[] = [
      ...active,
      cancelled,
      { type: 'SubscriptionEnded', data: { endedAt: iso(44), reason: 'cancelled' } },
    ];
    given(ended)
      .when({ type: 'Resume', at: at(50) })
      .thenThrows('There is no cancelled subscription to renew.');
    given(ended)
      .when({
        type: 'Activate',
        at: at(50),
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_2',
        charge: charge('in_5', 50),
      })
      .then([
        {
          type: 'SubscriptionActivated',
          data: { ...charge('in_5', 50), customerId: 'cus_1', providerSubscriptionId: 'sub_2', activatedAt: iso(50) },
        },
      ]);
    // Period over but the end not yet recorded: the end is written first.
    given([...active, cancelled])
      .when({
        type: 'Activate',
        at: at(50),
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_2',
        charge: charge('in_5', 50),
      })
      .then([
        { type: 'SubscriptionEnded', data: { endedAt: iso(50), reason: 'cancelled' } },
        {
          type: 'SubscriptionActivated',
          data: { ...charge('in_5', 50), customerId: 'cus_1', providerSubscriptionId: 'sub_2', activatedAt: iso(50) },
        },
      ]);
  });
  it('refuses to activate twice, or without a card', () => {
    given(active)
      .when({
        type: 'Activate',
        at: at(20),
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_2',
        charge: charge('in_5', 20),
      })
      .thenThrows('You already have an active subscription.');
    given([])
      .when({
        type: 'Activate',
        at: at(1),
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_2',
        charge: charge('in_5', 1),
      })
      .thenThrows('Add a payment method first.');
  });
});

describe('renewals', () => {
  it('renews when the period has ended, once per invoice', () => {
    given(active)
      .when({ type: 'RecordRenewal', at: at(44), charge: charge('in_2', 44) })
      .then([{ type: 'SubscriptionRenewed', data: { ...charge('in_2', 44), renewedAt: iso(44) } }]);
    given(active)
      .when({ type: 'RecordRenewal', at: at(30), charge: charge('in_2', 30) })
      .thenNothing();
    given([...active, { type: 'SubscriptionRenewed', data: { ...charge('in_2', 44), renewedAt: iso(44) } }])
      .when({ type: 'RecordRenewal', at: at(44), charge: charge('in_2', 44) })
      .thenNothing();
  });
  it('a failed renewal makes it past_due; no Premium; paying recovers it', () => {
    const failed: SubscriptionEvent = {
      type: 'PaymentFailed',
      data: {
        invoiceId: 'in_2',
        amountCents: 1500,
        failedAt: iso(44),
        reason: 'Your card was declined.',
        periodStart: iso(44),
        periodEnd: iso(74),
      },
    };
    given(active)
      .when({
        type: 'RecordPaymentFailure',
        at: at(44),
        invoiceId: 'in_2',
        amountCents: 1500,
        reason: 'Your card was declined.',
        periodStart: iso(44),
        periodEnd: iso(74),
      })
      .then([failed]);
    given([...active, failed])
      .when({
        type: 'RecordPaymentFailure',
        at: at(44),
        invoiceId: 'in_2',
        amountCents: 1500,
        reason: 'x',
        periodStart: iso(44),
        periodEnd: iso(74),
      })
      .thenNothing();
    const s = foldSubscription([...active, failed]);
    expect(s.status).toBe('past_due');
    expect(entitlementOf(s, at(45)).premium).toBe(false);
    given([...active, failed])
      .when({ type: 'RecordRenewal', at: at(46), charge: charge('in_3', 46) })
      .then([{ type: 'SubscriptionRenewed', data: { ...charge('in_3', 46), renewedAt: iso(46) } }]);
    given([...active, failed])
      .when({ type: 'EndSubscription', at: at(44 + 14) })
      .then([{ type: 'SubscriptionEnded', data: { endedAt: iso(58), reason: 'payment_failed' } }]);
  });
});

describe('entitlement (the access rule on the decider state, and the budget period)', () => {
  const month = (d: Date) => ({
    start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString(),
  });
  it('trial: suggested questions, no Premium, the calendar month; active: Premium with the paid period', () => {
    const trial = entitlementOf(foldSubscription(trialWithCard), at(1));
    expect(trial).toMatchObject({
      status: 'trial',
      premium: false,
      inTrial: true,
      maySuggested: true,
      mayFreeText: false,
      trialEndsAt: iso(14),
      daysRemaining: 13,
    });
    expect(trial.period).toEqual(month(at(1)));
    expect(entitlementOf(foldSubscription(trialWithCard), at(15))).toMatchObject({
      inTrial: false,
      maySuggested: false,
      trialExpired: true,
    });
    expect(entitlementOf(foldSubscription(active), at(20))).toMatchObject({
      status: 'active',
      premium: true,
      inTrial: false,
      mayFreeText: true,
      trialEndsAt: iso(14),
      period: { start: iso(14), end: iso(44) },
    });
    expect(entitlementOf(foldSubscription([]), at(0))).toMatchObject({
      status: 'inactive',
      premium: false,
      maySuggested: false,
      trialState: 'not_started',
      trialEndsAt: null,
    });
  });
  it('a cancelled trial keeps suggested questions to its end, never Premium, then is inactive', () => {
    const s = foldSubscription([
      ...trialWithCard,
      { type: 'SubscriptionCancelled', data: { cancelledAt: iso(2), accessEndsAt: iso(14), duringTrial: true } },
    ]);
    expect(entitlementOf(s, at(3))).toMatchObject({
      status: 'canceled',
      premium: false,
      inTrial: true,
      maySuggested: true,
      accessEndsAt: iso(14),
    });
    expect(entitlementOf(s, at(14))).toMatchObject({
      status: 'inactive',
      premium: false,
      inTrial: false,
      maySuggested: false,
      trialExpired: true,
    });
  });
});

describe('trial ending notice', () => {
  it('is recorded once, 3 days before the end', () => {
    given(trialWithCard)
      .when({ type: 'NoticeTrialEnding', at: at(10) })
      .thenNothing();
    given(trialWithCard)
      .when({ type: 'NoticeTrialEnding', at: at(11) })
      .then([
        { type: 'TrialWillEnd', data: { trialEndsAt: iso(14), noticedAt: iso(11), paymentMethodProvided: true } },
      ]);
    given([
      ...trialWithCard,
      { type: 'TrialWillEnd', data: { trialEndsAt: iso(14), noticedAt: iso(11), paymentMethodProvided: true } },
    ])
      .when({ type: 'NoticeTrialEnding', at: at(12) })
      .thenNothing();
  });
});

describe('a cancelled trial', () => {
  const cancelledTrial: SubscriptionEvent[] = [
    ...trialWithCard,
    { type: 'SubscriptionCancelled', data: { cancelledAt: iso(2), accessEndsAt: iso(14), duringTrial: true } },
  ];
  it('can be resumed before its end, back to the trial', () => {
    given(cancelledTrial)
      .when({ type: 'Resume', at: at(5) })
      .then([{ type: 'SubscriptionResumed', data: { resumedAt: iso(5) } }]);
    expect(
      foldSubscription([...cancelledTrial, { type: 'SubscriptionResumed', data: { resumedAt: iso(5) } }]).status,
    ).toBe('trial');
  });
  it('is never charged: at its end it ends', () => {
    given(cancelledTrial)
      .when({ type: 'EndSubscription', at: at(14) })
      .then([{ type: 'SubscriptionEnded', data: { endedAt: iso(14), reason: 'trial_cancelled' } }]);
    given(cancelledTrial)
      .when({
        type: 'ConvertTrial',
        at: at(14),
        reason: 'trial_ended',
        customerId: 'cus_1',
        providerSubscriptionId: 'sub_1',
        charge: charge('in_1', 14),
      })
      .thenThrows('Your free trial has ended. Subscribe to continue with Premium.');
  });
  it('a past_due subscription cancelled ends at once', () => {
    const failed: SubscriptionEvent = {
      type: 'PaymentFailed',
      data: {
        invoiceId: 'in_2',
        amountCents: 1500,
        failedAt: iso(44),
        reason: 'Your card was declined.',
        periodStart: iso(44),
        periodEnd: iso(74),
      },
    };
    given([...active, failed])
      .when({ type: 'Cancel', at: at(45) })
      .then([
        { type: 'SubscriptionCancelled', data: { cancelledAt: iso(45), accessEndsAt: iso(45), duringTrial: false } },
        { type: 'SubscriptionEnded', data: { endedAt: iso(45), reason: 'cancelled' } },
      ]);
  });
});

describe('subscription decider: support extends a trial', () => {
  it('moves a running trial’s end by the days given, and the 3-day notice is due again', () => {
    const extended: SubscriptionEvent = {
      type: 'TrialExtended',
      data: { days: 7, trialEndsAt: iso(21), extendedAt: iso(5) },
    };
    given(trialWithCard)
      .when({ type: 'ExtendTrial', at: at(5), days: 7 })
      .then([extended]);
    const noticed: SubscriptionEvent = {
      type: 'TrialWillEnd',
      data: { trialEndsAt: iso(14), noticedAt: iso(11), paymentMethodProvided: true },
    };
    expect(foldSubscription([...trialWithCard, noticed, extended])).toMatchObject({
      trialEndsAt: iso(21),
      trialEndingNoticed: false,
      status: 'trial',
    });
  });

  it('refuses outside a running trial', () => {
    given([])
      .when({ type: 'ExtendTrial', at: at(5), days: 7 })
      .thenThrows(billingMessages.notInTrial);
    given(active)
      .when({ type: 'ExtendTrial', at: at(20), days: 7 })
      .thenThrows(billingMessages.notInTrial);
    given(trialWithCard)
      .when({ type: 'ExtendTrial', at: at(15), days: 7 })
      .thenThrows(billingMessages.notInTrial);
  });

  it(`refuses to extend past ${MAX_TRIAL_EXTENSION_DAYS} days in all, saying how many are left`, () => {
    const extended = (days: number, ends: number): SubscriptionEvent => ({
      type: 'TrialExtended',
      data: { days, trialEndsAt: iso(ends), extendedAt: iso(5) },
    });
    given([...trialWithCard, extended(25, 39)])
      .when({ type: 'ExtendTrial', at: at(6), days: 7 })
      .thenThrows(billingMessages.trialExtensionCapped(5));
    given([...trialWithCard, extended(25, 39)])
      .when({ type: 'ExtendTrial', at: at(6), days: 5 })
      .then([{ type: 'TrialExtended', data: { days: 5, trialEndsAt: iso(44), extendedAt: iso(6) } }]);
    given([...trialWithCard, extended(25, 39), extended(5, 44)])
      .when({ type: 'ExtendTrial', at: at(7), days: 1 })
      .thenThrows(billingMessages.trialExtensionCapped(0));
    given(trialWithCard)
      .when({ type: 'ExtendTrial', at: at(1), days: MAX_TRIAL_EXTENSION_DAYS + 1 })
      .thenThrows(billingMessages.trialExtensionCapped(MAX_TRIAL_EXTENSION_DAYS));
  });
});
