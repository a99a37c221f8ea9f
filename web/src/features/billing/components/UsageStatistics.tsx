import { MONTHLY_BUDGET_DOLLARS, QUESTIONS_PER_MONTH_ESTIMATE } from '@lectio/contracts/constants';
import { formatLongDate, nextBillingDate } from '../../accounts';
import type { User } from '../../../lib/auth';
import { useUsage } from '../../assistant';
import { Card, Facts } from '../../../components/Card';
import { budgetLabel } from './subscriptionFacts';

const dollars = (n: number) => `$${n.toFixed(2)}`;

/**
 * AI Usage Statistics for active readers: questions used / 240, percent, budget, spent, remaining.
 * Real figures from GET /api/user/usage (never sample numbers: a reader plans by them);
 * a failed read is only logged and the card shows zeros.
 */
export function UsageStatistics({ user }: { user: User }) {
  const { usage } = useUsage();
  const questions = usage?.totalQuestions ?? 0;
  const spent = usage?.totalCost ?? 0;
  const budget = usage?.monthlyBudget ?? MONTHLY_BUDGET_DOLLARS;
  const percent = Math.min(100, Math.round((questions / QUESTIONS_PER_MONTH_ESTIMATE) * 100));
  const resets = usage?.periodEnd ?? nextBillingDate(user).toISOString();
  return (
    <Card title="AI Usage Statistics" description="This billing period's Scripture Assistant usage.">
      <div className="mb-4">
        <div className="mb-1 flex justify-between text-sm">
          <span>
            {questions} / {QUESTIONS_PER_MONTH_ESTIMATE} questions
          </span>
          <span>{percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-label="Questions used this month"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2.5 overflow-hidden rounded-full bg-raised"
        >
          <div className="h-full rounded-full bg-accent" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <Facts
        items={[
          ['Monthly budget', budget === MONTHLY_BUDGET_DOLLARS ? budgetLabel : dollars(budget)],
          ['Spent', dollars(spent)],
          ['Remaining', dollars(usage?.remainingBudget ?? Math.max(0, budget - spent))],
        ]}
      />
      <p className="mt-4 text-xs text-muted">Usage resets on your billing date, {formatLongDate(resets)}.</p>
    </Card>
  );
}
