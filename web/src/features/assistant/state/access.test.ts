import { describe, expect, it } from 'vitest';
import { assistantMode, promoKind } from './access';

const now = new Date('2026-11-23T12:00:00Z');

describe('assistantMode', () => {
  it('gives free text to Premium (active, or cancelled within the paid period)', () => {
    expect(assistantMode({ subscriptionStatus: 'active' }, now)).toBe('premium');
    expect(assistantMode({ subscriptionStatus: 'canceled', currentPeriodEnd: '2026-12-01T00:00:00Z' }, now)).toBe('premium');
    expect(assistantMode({ subscriptionStatus: 'canceled', currentPeriodEnd: '2026-11-01T00:00:00Z' }, now)).toBe('promo');
  });

  it('gives suggested questions to a trial reader until the trial ends, and the promo to everyone else', () => {
    expect(assistantMode({ subscriptionStatus: 'trial', trialEndsAt: '2026-12-07T12:00:00Z' }, now)).toBe('trial');
    expect(assistantMode({ subscriptionStatus: 'trial', trialEndsAt: null }, now)).toBe('trial');
    expect(assistantMode({ subscriptionStatus: 'trial', trialEndsAt: '2026-11-20T12:00:00Z' }, now)).toBe('promo');
    expect(assistantMode({ subscriptionStatus: 'inactive' }, now)).toBe('promo');
    expect(assistantMode({ subscriptionStatus: 'past_due' }, now)).toBe('promo');
    expect(assistantMode(null, now)).toBe('promo');
  });
});

describe('promoKind', () => {
  it('offers a first trial only to readers who never had one', () => {
    expect(promoKind(null)).toBe('new');
    expect(promoKind({ subscriptionStatus: 'inactive', trialEndsAt: null })).toBe('new');
    expect(promoKind({ subscriptionStatus: 'inactive', trialEndsAt: '2026-11-20T12:00:00Z' })).toBe('trialEnded');
    expect(promoKind({ subscriptionStatus: 'trial', trialEndsAt: '2026-11-20T12:00:00Z' })).toBe('trialEnded');
    expect(promoKind({ subscriptionStatus: 'canceled', currentPeriodEnd: '2026-11-01T00:00:00Z' })).toBe('premiumEnded');
    expect(promoKind({ subscriptionStatus: 'past_due' })).toBe('paymentFailed');
  });
});
