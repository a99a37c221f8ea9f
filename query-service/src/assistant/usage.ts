import { microsToDollars as dollars, type UsageResponse } from '@lectio/contracts/assistant';
import {
  MONTHLY_BUDGET_DOLLARS,
  MONTHLY_BUDGET_MICROS,
  QUESTIONS_PER_MONTH_ESTIMATE,
} from '@lectio/contracts/constants';
import type { UsageRow } from '@lectio/projections';
import { isoOrNull } from '@lectio/contracts/time';

/**
 * The usage figures of one period, from the read model's row (none: nothing asked yet).
 * percentUsed is the spec's questions / 240, rounded and capped at 100; budgetPercent is the
 * money spent against the $6.00 budget, which the banner's 80/90/100% thresholds read.
 */
export function usageResponse(
  row: UsageRow | undefined,
  fallbackPeriodEnd: string | null,
  answeredBy: UsageResponse['answeredBy'],
): UsageResponse {
  const questions = row?.questions ?? 0;
  const spent = Number(row?.spent_micros ?? 0);
  // Once the 100% threshold is recorded the budget cannot pay for another question, even if a few
  // cents are left (a reservation never lets spending pass the budget): the banner says so.
  const usedUp = spent >= MONTHLY_BUDGET_MICROS || (row?.last_threshold ?? 0) >= 100;
  const budgetPercent = usedUp ? 100 : Math.round((spent / MONTHLY_BUDGET_MICROS) * 10_000) / 100;
  return {
    percentUsed: Math.min(100, Math.round((questions / QUESTIONS_PER_MONTH_ESTIMATE) * 100)),
    budgetPercent,
    monthlyBudget: MONTHLY_BUDGET_DOLLARS,
    remainingBudget: Math.max(0, dollars(MONTHLY_BUDGET_MICROS - spent)),
    totalQuestions: questions,
    totalTokens: Number(row?.tokens ?? 0),
    totalCost: dollars(spent),
    periodStart: isoOrNull(row?.period_start),
    periodEnd: isoOrNull(row?.period_end) ?? fallbackPeriodEnd,
    limitReached: usedUp,
    answeredBy,
  };
}
