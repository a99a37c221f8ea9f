import { describe, expect, it } from 'vitest';
import { bannerState, provisionalBannerState } from './banner';

const now = new Date('2026-11-23T12:00:00Z');

describe('the banner the account suggests while the trial status is read', () => {
  it('a trial reader: the trial banner, with the days left to its end', () => {
    expect(
      provisionalBannerState(
        {
          subscriptionStatus: 'trial',
          trialEndsAt: '2026-11-30T12:00:00Z',
          currentPeriodEnd: null,
          paymentMethodProvided: true,
        },
        now,
      ),
    ).toEqual({
      kind: 'trial',
      daysLeft: 7,
      trialEndsAt: '2026-11-30T12:00:00.000Z',
    });
  });

  it('an inactive reader: not started without a trial end, expired with one', () => {
    expect(
      provisionalBannerState(
        { subscriptionStatus: 'inactive', trialEndsAt: null, currentPeriodEnd: null, paymentMethodProvided: true },
        now,
      ).kind,
    ).toBe('not_started');
    expect(
      provisionalBannerState(
        {
          subscriptionStatus: 'inactive',
          trialEndsAt: '2026-11-01T00:00:00Z',
          currentPeriodEnd: null,
          paymentMethodProvided: true,
        },
        now,
      ).kind,
    ).toBe('expired');
  });

  it('subscribers see none; a failed renewal sees its own', () => {
    expect(
      provisionalBannerState(
        { subscriptionStatus: 'active', trialEndsAt: null, currentPeriodEnd: null, paymentMethodProvided: true },
        now,
      ).kind,
    ).toBe('hidden');
    expect(
      provisionalBannerState(
        {
          subscriptionStatus: 'canceled',
          trialEndsAt: null,
          currentPeriodEnd: '2026-12-01T00:00:00Z',
          paymentMethodProvided: true,
        },
        now,
      ).kind,
    ).toBe('hidden');
    expect(
      provisionalBannerState(
        { subscriptionStatus: 'past_due', trialEndsAt: null, currentPeriodEnd: null, paymentMethodProvided: true },
        now,
      ).kind,
    ).toBe('past_due');
  });

  it('once read, the trial status decides', () => {
    const expired = { status: 'expired', subscriptionStatus: 'inactive', daysLeft: 0, trialEndsAt: null } as never;
    expect(bannerState('inactive', expired).kind).toBe('expired');
    expect(bannerState('active', expired).kind).toBe('hidden');
  });
});
