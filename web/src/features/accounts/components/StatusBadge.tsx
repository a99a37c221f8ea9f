import { statusLabel } from '../state/accountDisplay';

/** The account's subscription status as a coloured badge ('Trial', 'Past Due', ...). */
export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'active'
      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100'
      : status === 'trial'
        ? 'bg-accent-soft text-ink'
        : status === 'past_due'
          ? 'bg-danger-soft text-ink'
          : 'bg-raised text-ink';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium ${tone}`}>{statusLabel(status)}</span>
  );
}
