import { useAtom } from 'jotai';
import { Label, Meter } from 'react-aria-components';
import type { UsageResponse } from '@lectio/contracts/assistant';
import { ChevronDown } from '../../../components/icons';
import { usageExpandedAtom } from '../state/atoms';
import { clampProgress, dollars, percent, usageBanner } from '../state/usageBanner';

const tone = {
  notice: 'border-yellow-500/50 bg-yellow-50 text-yellow-950 dark:bg-yellow-950/40 dark:text-yellow-100',
  warning: 'border-danger/50 bg-danger-soft text-ink',
  limit: 'border-danger bg-danger-soft text-ink',
} as const;

/**
 * The subscriber's usage banner: nothing below 80 % of the budget unless the
 * details are expanded; at 80, 90 and 100 % a notice, a warning and the limit with the real reset
 * date. When the figures cannot be read the banner is simply not shown.
 */
export function UsageBanner({ usage }: { usage: UsageResponse | null }) {
  const [expanded, setExpanded] = useAtom(usageExpandedAtom);
  if (!usage) return null;
  const banner = usageBanner(usage);
  if (!banner && !expanded) return null;
  return (
    <div
      role="region"
      aria-label="Monthly AI usage"
      className={`mx-3 mt-3 rounded-xl border px-3 py-2.5 text-sm ${banner ? tone[banner.level] : 'border-line bg-raised'}`}
    >
      <div className="flex items-start gap-2">
        <div className="flex-1" role={banner?.level === 'limit' ? 'alert' : undefined}>
          <p className="font-semibold">{banner?.title ?? 'Monthly usage'}</p>
          {banner && <p className="text-xs">{banner.description}</p>}
        </div>
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-1.5 py-0.5 text-xs font-medium underline-offset-2 hover:underline"
        >
          {expanded ? 'Hide details' : 'Details'}
          <ChevronDown aria-hidden="true" width={12} height={12} className={expanded ? 'rotate-180' : ''} />
        </button>
      </div>
      {expanded && <UsageDetails usage={usage} />}
    </div>
  );
}

export function UsageDetails({ usage }: { usage: UsageResponse }) {
  const value = clampProgress(usage.budgetPercent);
  return (
    <div className="mt-2 grid gap-2">
      <Meter value={value} minValue={0} maxValue={100} valueLabel={percent(usage.budgetPercent)} className="grid gap-1">
        {({ percentage, valueText }) => (
          <>
            <div className="flex justify-between text-xs">
              <Label>Monthly usage</Label>
              <span>{valueText}</span>
            </div>
            <div className="h-2 overflow-hidden rounded-full bg-line">
              <div
                className={`h-full rounded-full ${value >= 90 ? 'bg-danger' : 'bg-accent'}`}
                style={{ width: `${percentage}%` }}
              />
            </div>
          </>
        )}
      </Meter>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted">Questions</dt>
        <dd className="text-right font-medium">{usage.totalQuestions}</dd>
        <dt className="text-muted">Tokens used</dt>
        <dd className="text-right font-medium">{usage.totalTokens.toLocaleString('en-US')}</dd>
        <dt className="text-muted">Budget</dt>
        <dd className="text-right font-medium">{dollars(usage.monthlyBudget)}</dd>
        <dt className="text-muted">Remaining</dt>
        <dd className="text-right font-medium">{dollars(usage.remainingBudget)}</dd>
      </dl>
    </div>
  );
}
