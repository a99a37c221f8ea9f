import { describe, expect, it } from 'vitest';
import { accessOf, billingPeriodOf, type SubscriptionFacts, withShownStatus } from './access';

const day = 86_400_000;
const t0 = new Date('2026-03-01T00:00:00.000Z');
const at = (days: number) => new Date(t0.getTime() + days * day);
const iso = (days: number) => at(days).toISOString();
const facts = (f: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  subscriptionStatus: 'inactive',
  trialEndsAt: null,
  currentPeriodEnd: null,
  paymentMethodProvided: false,
  ...f,
});

describe('accessOf', () => {
  it('a new reader: no trial, no Premium, Get Premium offered', () => {
    expect(accessOf(facts({}), at(0))).toEqual({
      status: 'inactive',
      inTrial: false,
      trialEndsAt: null,
      daysRemaining: 0,
      trialExpired: false,
      trialState: 'not_started',
      premium: false,
      maySuggested: false,
      mayFreeText: false,
      accessEndsAt: null,
      mustAddCard: false,
      offerPremium: true,
    });
  });

  it('a running trial: suggested questions only, days left rounded up, held on /trial until a card is added', () => {
    const trial = facts({ subscriptionStatus: 'trial', trialEndsAt: iso(14) });
    expect(accessOf(trial, new Date(t0.getTime() + 2.5 * day))).toMatchObject({
      status: 'trial',
      inTrial: true,
      daysRemaining: 12,
      trialState: 'active',
      maySuggested: true,
      mayFreeText: false,
      mustAddCard: true,
      offerPremium: true,
    });
    expect(accessOf({ ...trial, paymentMethodProvided: true }, at(1)).mustAddCard).toBe(false);
  });

  it('a trial past its end is over before the policy records it: inactive, expired, no redirect', () => {
    expect(accessOf(facts({ subscriptionStatus: 'trial', trialEndsAt: iso(14) }), at(14))).toMatchObject({
      status: 'inactive',
      inTrial: false,
      trialExpired: true,
      trialState: 'expired',
      maySuggested: false,
      mustAddCard: false,
    });
  });

  it('trialEndsAt null is not a trial', () => {
    expect(accessOf(facts({ subscriptionStatus: 'trial', trialEndsAt: null }), at(0))).toMatchObject({
      status: 'inactive',
      inTrial: false,
      maySuggested: false,
    });
  });

  it('cancelled during the trial: suggested questions to the trial end, never Premium, then inactive', () => {
    const cancelled = facts({ subscriptionStatus: 'canceled', trialEndsAt: iso(14), paymentMethodProvided: true });
    expect(accessOf(cancelled, at(3))).toMatchObject({
      status: 'canceled',
      inTrial: true,
      premium: false,
      maySuggested: true,
      mayFreeText: false,
      accessEndsAt: iso(14),
      offerPremium: true,
    });
    expect(accessOf(cancelled, at(14))).toMatchObject({
      status: 'inactive',
      inTrial: false,
      trialExpired: true,
      maySuggested: false,
      accessEndsAt: null,
    });
  });

  it('active is Premium, even while a renewal is being recorded; Get Premium is not offered', () => {
    const active = facts({
      subscriptionStatus: 'active',
      trialEndsAt: iso(14),
      currentPeriodEnd: iso(44),
      paymentMethodProvided: true,
    });
    expect(accessOf(active, at(20))).toMatchObject({
      status: 'active',
      premium: true,
      mayFreeText: true,
      maySuggested: true,
      offerPremium: false,
      inTrial: false,
    });
    expect(accessOf(active, at(45)).premium).toBe(true);
  });

  it('cancelled with a paid period: Premium to its end (Get Premium offered), then inactive', () => {
    const cancelled = facts({ subscriptionStatus: 'canceled', currentPeriodEnd: iso(44), paymentMethodProvided: true });
    expect(accessOf(cancelled, at(43))).toMatchObject({
      status: 'canceled',
      premium: true,
      mayFreeText: true,
      accessEndsAt: iso(44),
      offerPremium: true,
    });
    expect(accessOf(cancelled, at(44))).toMatchObject({
      status: 'inactive',
      premium: false,
      maySuggested: false,
      accessEndsAt: null,
    });
  });

  it('a failed payment: past_due, no Premium', () => {
    expect(accessOf(facts({ subscriptionStatus: 'past_due', currentPeriodEnd: iso(44) }), at(45))).toMatchObject({
      status: 'past_due',
      premium: false,
      maySuggested: false,
    });
  });

  it('the shown status reads back unchanged', () => {
    const f = facts({ subscriptionStatus: 'canceled', trialEndsAt: iso(14) });
    for (const d of [3, 14]) expect(accessOf(withShownStatus(f, at(d)), at(d))).toEqual(accessOf(f, at(d)));
  });
});

describe('billingPeriodOf', () => {
  it('the paid period while Premium (or past_due), else the calendar month', () => {
    const paid = { currentPeriodStart: iso(14), currentPeriodEnd: iso(44) };
    expect(billingPeriodOf({ ...facts({ subscriptionStatus: 'active' }), ...paid }, at(20))).toEqual({
      start: iso(14),
      end: iso(44),
    });
    expect(billingPeriodOf({ ...facts({ subscriptionStatus: 'past_due' }), ...paid }, at(45))).toEqual({
      start: iso(14),
      end: iso(44),
    });
    expect(
      billingPeriodOf(
        { ...facts({ subscriptionStatus: 'trial', trialEndsAt: iso(14) }), currentPeriodStart: null },
        at(3),
      ),
    ).toEqual({
      start: '2026-03-01T00:00:00.000Z',
      end: '2026-04-01T00:00:00.000Z',
    });
  });
});
