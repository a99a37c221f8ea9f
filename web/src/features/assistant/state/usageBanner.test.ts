import { describe, expect, it } from 'vitest';
import type { UsageResponse } from '@lectio/contracts/assistant';
import { clampProgress, usageBanner } from './usageBanner';

const usage = (budgetPercent: number, over: Partial<UsageResponse> = {}): UsageResponse => ({
  percentUsed: 4,
  answeredBy: 'ai',
  periodStart: '2026-11-23T12:00:00.000Z',
  limitReached: budgetPercent >= 100,
  monthlyBudget: 6,
  totalCost: (6 * budgetPercent) / 100,
  remainingBudget: 6 - (6 * budgetPercent) / 100,
  totalQuestions: 10,
  totalTokens: 1000,
  budgetPercent,
  periodEnd: '2026-12-23T12:00:00.000Z',
  ...over,
});

describe('usage banner', () => {
  it('follows the 80/90/100 % thresholds of the dollar budget', () => {
    expect(
      [0, 79.99, 80, 89.99, 90, 99.99, 100, 130, Number.NaN].map((p) => usageBanner(usage(p))?.level ?? 'none'),
    ).toEqual(['none', 'none', 'notice', 'notice', 'warning', 'warning', 'limit', 'limit', 'none']);
    expect(usageBanner(usage(50))).toBeNull();
  });

  it('says the remaining dollars at 80 %, the percent used at 90 %, with 2 decimals', () => {
    expect(usageBanner(usage(80))).toEqual({
      level: 'notice',
      title: 'Monthly usage update',
      description: 'You have $1.20 of your $6.00 monthly AI budget remaining.',
    });
    expect(usageBanner(usage(92.5))?.description).toBe('You have used 92.50% of your $6.00 monthly AI budget.');
    expect(usageBanner(usage(92.5))?.title).toBe('Almost at monthly limit');
  });

  it('gives the real reset date from the billing period at the limit, not the first of the month', () => {
    const banner = usageBanner(usage(100, { remainingBudget: 0 }));
    expect(banner?.title).toBe('Monthly limit reached');
    expect(banner?.description).toBe('You have used your $6.00 monthly AI budget. Access renews on December 23, 2026.');
    expect(usageBanner(usage(100, { periodEnd: null }))?.description).toContain('when your next billing period starts');
  });

  it('keeps the usage bar between 0 and its max', () => {
    expect([-5, 40, 140, Number.NaN].map((v) => clampProgress(v))).toEqual([0, 40, 100, 0]);
  });
});
