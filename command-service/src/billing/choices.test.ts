import { describe, expect, it } from 'vitest';
import { at, iso, visa, charge } from './timeline.testing';
import { billingMessages, type SubscriptionEvent } from '@lectio/contracts/billing';
import {
  activationOf,
  cancellationOf,
  conversionOf,
  dueStepOf,
  invoiceCommandOf,
  pastDueRetryOf,
  subscribeChoice,
  unrecordedInvoiceOf,
  unrecordedTrialOf,
} from './choices';
import type { InvoiceResult, ProviderSubscription } from './provider';
import { foldSubscription } from './subscription-decider';

// Given the events on a reader's stream, when a use case asks which command comes now, then the answer.
const given = (events: SubscriptionEvent[]) => foldSubscription(events);

const cardAdded: SubscriptionEvent[] = [
  { type: 'PaymentMethodAdded', data: { ...visa, customerId: 'cus_1', addedAt: iso(0) } },
  { type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_1', setAt: iso(0) } },
];
const trialStarted: SubscriptionEvent = {
  type: 'TrialStarted',
  data: { startedAt: iso(0), trialEndsAt: iso(14), customerId: 'cus_1', providerSubscriptionId: 'sub_1' },
};
const trialWithCard = [...cardAdded, trialStarted];
const trialWithoutCard = [trialStarted];
const active = [
  ...trialWithCard,
  {
    type: 'TrialConverted',
    data: {
      ...charge('in_1', 14),
      customerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
      convertedAt: iso(14),
      reason: 'trial_ended',
    },
  } satisfies SubscriptionEvent,
];
const cancelledPaid = [
  ...active,
  {
    type: 'SubscriptionCancelled',
    data: { cancelledAt: iso(20), accessEndsAt: iso(44), duringTrial: false },
  } satisfies SubscriptionEvent,
];
const cancelledTrial = [
  ...trialWithCard,
  {
    type: 'SubscriptionCancelled',
    data: { cancelledAt: iso(3), accessEndsAt: iso(14), duringTrial: true },
  } satisfies SubscriptionEvent,
];
const pastDue = [
  ...active,
  {
    type: 'PaymentFailed',
    data: {
      invoiceId: 'in_2',
      amountCents: 1500,
      failedAt: iso(44),
      reason: 'Your card was declined.',
      periodStart: iso(44),
      periodEnd: iso(74),
    },
  } satisfies SubscriptionEvent,
];
const paid = (id: string, from: number): InvoiceResult => ({ status: 'paid', ...charge(id, from) });
const declined = (id: string, from: number): InvoiceResult => ({
  status: 'failed',
  ...charge(id, from),
  message: 'Your card was declined.',
});

describe('subscribe: which use case', () => {
  it('resumes a cancelled paid subscription that still runs (nothing is charged)', () => {
    expect(subscribeChoice(given(cancelledPaid), at(30))).toEqual({ next: 'resume' });
  });
  it('takes back a cancelled trial and converts it when a card is on file', () => {
    expect(subscribeChoice(given(cancelledTrial), at(5))).toEqual({ next: 'resume-then-convert' });
  });
  it('converts a running trial with a card', () => {
    expect(subscribeChoice(given(trialWithCard), at(5))).toEqual({ next: 'convert' });
  });
  it('activates a new subscription after the cancelled one ran out, or for a new reader (who needs a card)', () => {
    expect(subscribeChoice(given(cancelledPaid), at(45))).toEqual({ next: 'activate', needsCard: false });
    expect(subscribeChoice(given([]), at(0))).toEqual({ next: 'activate', needsCard: true });
    expect(subscribeChoice(given(cardAdded), at(0))).toEqual({ next: 'activate', needsCard: false });
  });
});

describe('the one pre-check before money moves (the decider, dry)', () => {
  it('refuses to activate for a subscriber or without a card, and names the key facts otherwise', () => {
    expect(() => activationOf(given(active), at(20))).toThrow(billingMessages.alreadySubscribed);
    expect(() => activationOf(given([]), at(0))).toThrow(billingMessages.paymentMethodRequired);
    expect(activationOf(given(cardAdded), at(0))).toEqual({ keyFacts: '0:pm_1' });
  });
  it('converts a running trial only', () => {
    expect(conversionOf(given(trialWithCard), at(5))).toEqual({
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      keyFacts: `${iso(14)}:pm_1`,
    });
    expect(() => conversionOf(given(trialWithCard), at(15))).toThrow(billingMessages.trialExpired);
    expect(() => conversionOf(given(active), at(20))).toThrow(billingMessages.alreadySubscribed);
  });
  it('cancels at the period end, or now when past due; refuses a second cancel', () => {
    expect(cancellationOf(given(active), at(20))).toEqual({ providerCall: 'cancelAtPeriodEnd' });
    expect(cancellationOf(given(pastDue), at(45))).toEqual({ providerCall: 'cancelNow' });
    expect(() => cancellationOf(given(cancelledPaid), at(21))).toThrow(billingMessages.alreadyCancelled);
  });
  it('retries a past-due period only with a default card', () => {
    expect(pastDueRetryOf(given(pastDue))).toEqual({ subscriptionId: 'sub_1', keyFacts: '1:pm_1' });
    expect(pastDueRetryOf(given(active))).toBeNull();
  });
});

describe('due work', () => {
  it('notices the trial ending three days before, once', () => {
    expect(dueStepOf(given(trialWithCard), at(5))).toBeNull();
    expect(dueStepOf(given(trialWithCard), at(11))).toEqual({
      next: 'command',
      command: { type: 'NoticeTrialEnding', at: at(11) },
      cancelAtProvider: null,
    });
    const noticed = [
      ...trialWithCard,
      {
        type: 'TrialWillEnd',
        data: { trialEndsAt: iso(14), noticedAt: iso(11), paymentMethodProvided: true },
      } satisfies SubscriptionEvent,
    ];
    expect(dueStepOf(given(noticed), at(12))).toBeNull();
  });
  it('at the trial end, collects the first invoice with a card and expires the trial without one', () => {
    expect(dueStepOf(given(trialWithCard), at(14))).toEqual({
      next: 'collect',
      purpose: 'trial-end',
      subscriptionId: 'sub_1',
      periodStart: at(14),
      keyFacts: `trial-end:${iso(14)}`,
    });
    expect(dueStepOf(given(trialWithoutCard), at(14))).toEqual({
      next: 'command',
      command: { type: 'ExpireTrial', at: at(14) },
      cancelAtProvider: 'sub_1',
    });
  });
  it('collects a renewal when the period is over, and nothing before', () => {
    expect(dueStepOf(given(active), at(43))).toBeNull();
    expect(dueStepOf(given(active), at(44))).toEqual({
      next: 'collect',
      purpose: 'renewal',
      subscriptionId: 'sub_1',
      periodStart: at(44),
      keyFacts: `renew:${iso(44)}`,
    });
  });
  it('ends a cancelled subscription when its access runs out, and a past-due one after the grace days', () => {
    expect(dueStepOf(given(cancelledPaid), at(40))).toBeNull();
    expect(dueStepOf(given(cancelledPaid), at(44))).toEqual({
      next: 'command',
      command: { type: 'EndSubscription', at: at(44) },
      cancelAtProvider: 'sub_1',
    });
    expect(dueStepOf(given(pastDue), at(45))).toBeNull();
    expect(dueStepOf(given(pastDue), at(60))).toEqual({
      next: 'command',
      command: { type: 'EndSubscription', at: at(60) },
      cancelAtProvider: 'sub_1',
    });
  });
  it('records a collected invoice: converted or renewed when paid, a failure when declined', () => {
    expect(invoiceCommandOf('trial-end', given(trialWithCard), paid('in_1', 14), at(14))).toEqual({
      type: 'ConvertTrial',
      at: at(14),
      reason: 'trial_ended',
      customerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
      charge: charge('in_1', 14),
    });
    expect(invoiceCommandOf('renewal', given(active), paid('in_2', 44), at(44))).toEqual({
      type: 'RecordRenewal',
      at: at(44),
      charge: charge('in_2', 44),
    });
    expect(invoiceCommandOf('renewal', given(active), declined('in_2', 44), at(44))).toMatchObject({
      type: 'RecordPaymentFailure',
      invoiceId: 'in_2',
    });
  });
});

describe('reconciliation with the provider', () => {
  const sub = (status: ProviderSubscription['status'], invoices: InvoiceResult[] = []): ProviderSubscription => ({
    subscriptionId: 'sub_1',
    status,
    trialEnd: iso(14),
    cancelAtPeriodEnd: false,
    invoices,
  });
  it('records a trial the provider runs that the stream never heard of, once', () => {
    expect(unrecordedTrialOf(given(cardAdded), 'cus_1', sub('trialing'))).toEqual({
      type: 'StartTrial',
      at: at(0),
      trialEndsAt: at(14),
      customerId: 'cus_1',
      providerSubscriptionId: 'sub_1',
      priorTrial: null,
    });
    expect(unrecordedTrialOf(given(trialWithCard), 'cus_1', sub('trialing'))).toBeNull();
    expect(unrecordedTrialOf(given(cardAdded), 'cus_1', sub('active'))).toBeNull();
  });
  it('records an unknown paid invoice as the conversion, renewal or activation it stands for', () => {
    expect(unrecordedInvoiceOf(given(trialWithCard), 'cus_1', sub('active'), paid('in_1', 5))).toMatchObject({
      type: 'ConvertTrial',
      reason: 'upgraded',
    });
    expect(unrecordedInvoiceOf(given(trialWithCard), 'cus_1', sub('active'), paid('in_1', 14))).toMatchObject({
      type: 'ConvertTrial',
      reason: 'trial_ended',
    });
    expect(unrecordedInvoiceOf(given(active), 'cus_1', sub('active'), paid('in_2', 44))).toMatchObject({
      type: 'RecordRenewal',
    });
    expect(unrecordedInvoiceOf(given(cardAdded), 'cus_1', sub('active'), paid('in_9', 0))).toMatchObject({
      type: 'Activate',
      providerSubscriptionId: 'sub_1',
    });
  });
  it('skips an invoice already recorded, and a declined one unless the provider holds the subscription past due', () => {
    expect(unrecordedInvoiceOf(given(active), 'cus_1', sub('active'), paid('in_1', 14))).toBeNull();
    expect(unrecordedInvoiceOf(given(active), 'cus_1', sub('active'), declined('in_2', 44))).toBeNull();
    expect(unrecordedInvoiceOf(given(active), 'cus_1', sub('past_due'), declined('in_2', 44))).toMatchObject({
      type: 'RecordPaymentFailure',
    });
  });
});
