import type { User } from '../../../lib/auth';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trial: 'Trial',
  canceled: 'Cancelled',
  cancelled: 'Cancelled',
  past_due: 'Past Due',
  inactive: 'Inactive',
};

/** The status as the account page names it; an unknown value is shown verbatim. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Inactive';
  return STATUS_LABELS[status] ?? status;
}

// Made on first use, not when the module loads: the first Intl formatter of a page costs tens of
// milliseconds (locale data), which the reader's first screen, importing this module, never needs.
let dateFormat: Intl.DateTimeFormat | undefined;

/** Like 'January 5, 2025'; an absent or invalid date shows as an em dash. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime())
    ? '—'
    : (dateFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' })).format(d);
}

/** Spec: the next billing date shown is one month from today (the period end when the server knows it). */
export function nextBillingDate(user: Pick<User, 'currentPeriodEnd'>, now: Date = new Date()): Date {
  if (user.currentPeriodEnd) {
    const end = new Date(user.currentPeriodEnd);
    if (!Number.isNaN(end.getTime()) && end.getTime() > now.getTime()) return end;
  }
  const d = new Date(now);
  d.setMonth(d.getMonth() + 1);
  return d;
}
