import { describe, expect, it } from 'vitest';
import type { SubscriptionFacts } from '@lectio/contracts/billing';
import { assistantMode, promoKind } from './access';

const now = new Date('2026-11-23T12:00:00Z');
const user = (f: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  subscriptionStatus: 'inactive',
  trialEndsAt: null,
  currentPeriodEnd: null,
  paymentMethodProvided: false,
  ...f,
});

describe('assistantMode', () => {
  it('gives free text to Premium (active, or cancelled within the paid period)', () => {
    expect(assistantMode(user({ subscriptionStatus: 'active' }), now)).toBe('premium');
    expect(assistantMode(user({ subscriptionStatus: 'canceled', currentPeriodEnd: '2026-12-01T00:00:00Z' }), now)).toBe(
      'premium',
    );
    expect(assistantMode(user({ subscriptionStatus: 'canceled', currentPeriodEnd: '2026-11-01T00:00:00Z' }), now)).toBe(
      'promo',
    );
  });

  it('gives suggested questions to a running trial, cancelled or not; the promo once it ends; no trial end is no trial', () => {
    expect(assistantMode(user({ subscriptionStatus: 'trial', trialEndsAt: '2026-12-07T12:00:00Z' }), now)).toBe(
      'trial',
    );
    expect(assistantMode(user({ subscriptionStatus: 'canceled', trialEndsAt: '2026-12-07T12:00:00Z' }), now)).toBe(
      'trial',
    );
    expect(assistantMode(user({ subscriptionStatus: 'canceled', trialEndsAt: '2026-11-20T12:00:00Z' }), now)).toBe(
      'promo',
    );
    expect(assistantMode(user({ subscriptionStatus: 'trial', trialEndsAt: null }), now)).toBe('promo');
    expect(assistantMode(user({ subscriptionStatus: 'trial', trialEndsAt: '2026-11-20T12:00:00Z' }), now)).toBe(
      'promo',
    );
    expect(assistantMode(user({ subscriptionStatus: 'inactive' }), now)).toBe('promo');
    expect(assistantMode(user({ subscriptionStatus: 'past_due', currentPeriodEnd: '2026-11-20T12:00:00Z' }), now)).toBe(
      'promo',
    );
    expect(assistantMode(null, now)).toBe('promo');
  });
});

describe('promoKind', () => {
  it('offers the trial first, then the subscription, and a card fix to a failed payment', () => {
    expect(promoKind(null, now)).toBe('new');
    expect(promoKind(user({ subscriptionStatus: 'inactive' }), now)).toBe('new');
    expect(promoKind(user({ subscriptionStatus: 'inactive', trialEndsAt: '2026-11-20T12:00:00Z' }), now)).toBe(
      'trialEnded',
    );
    expect(promoKind(user({ subscriptionStatus: 'trial', trialEndsAt: '2026-11-20T12:00:00Z' }), now)).toBe(
      'trialEnded',
    );
    expect(promoKind(user({ subscriptionStatus: 'canceled', currentPeriodEnd: '2026-11-01T00:00:00Z' }), now)).toBe(
      'premiumEnded',
    );
    expect(promoKind(user({ subscriptionStatus: 'past_due', currentPeriodEnd: '2026-11-20T12:00:00Z' }), now)).toBe(
      'paymentFailed',
    );
  });
});
