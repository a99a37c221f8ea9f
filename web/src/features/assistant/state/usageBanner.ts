import { assistantMessages, formatResetDate, usageBannerLevel, type UsageResponse } from '@lectio/contracts/assistant';

export interface UsageBanner {
  level: 'notice' | 'warning' | 'limit';
  title: string;
  description: string;
}

/** Money and percents with 2 decimals. */
export const dollars = (n: number) => `$${(Number.isFinite(n) ? Math.max(0, n) : 0).toFixed(2)}`;
export const percent = (n: number) => `${(Number.isFinite(n) ? Math.max(0, n) : 0).toFixed(2)}%`;

/**
 * The banner for these figures, or null below 80 %. At the limit it names the real reset date, the
 * end of the billing period (the budget follows a subscriber's paid period), not 'the first of the month'.
 */
export function usageBanner(
  usage: Pick<UsageResponse, 'budgetPercent' | 'monthlyBudget' | 'remainingBudget' | 'periodEnd'>,
): UsageBanner | null {
  const level = Number.isFinite(usage.budgetPercent) ? usageBannerLevel(usage.budgetPercent) : 'hidden';
  switch (level) {
    case 'hidden':
      return null;
    case 'notice':
      return {
        level,
        title: assistantMessages.usageNoticeTitle,
        description: `You have ${dollars(usage.remainingBudget)} of your ${dollars(usage.monthlyBudget)} monthly AI budget remaining.`,
      };
    case 'warning':
      return {
        level,
        title: assistantMessages.usageWarningTitle,
        description: `You have used ${percent(usage.budgetPercent)} of your ${dollars(usage.monthlyBudget)} monthly AI budget.`,
      };
    case 'limit':
      return {
        level,
        title: assistantMessages.limitReachedTitle,
        description: `You have used your ${dollars(usage.monthlyBudget)} monthly AI budget. ${
          validDate(usage.periodEnd)
            ? `Access renews on ${formatResetDate(usage.periodEnd!)}.`
            : 'Access renews when your next billing period starts.'
        }`,
      };
  }
}

const validDate = (iso: string | null) => !!iso && !Number.isNaN(new Date(iso).getTime());

/** The usage bar's value, kept between 0 and the max. */
export const clampProgress = (value: number, max = 100) =>
  Number.isFinite(value) ? Math.min(max, Math.max(0, value)) : 0;
