import type { ReactNode } from 'react';
import { statusLabel } from '../../accounts';

/* Small display pieces the subscription screens and the account page share. */

export function BillingCard({
  title,
  description,
  children,
  headingLevel = 2,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <H className="font-serif text-xl font-semibold">{title}</H>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function Facts({ items, label }: { items: Array<[string, ReactNode]>; label?: string }) {
  return (
    <dl aria-label={label} className="divide-y divide-line">
      {items.map(([term, value]) => (
        <div key={term} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[12rem_1fr]">
          <dt className="text-sm text-muted">{term}</dt>
          <dd className="break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'active'
      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100'
      : status === 'trial'
        ? 'bg-accent-soft text-ink'
        : status === 'past_due'
          ? 'bg-danger-soft text-ink'
          : 'bg-raised text-ink';
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium ${tone}`}>{statusLabel(status)}</span>;
}

export function Notice({ title, children, tone = 'plain' }: { title: string; children: ReactNode; tone?: 'plain' | 'danger' }) {
  return (
    <div className={`rounded-xl border p-4 text-sm ${tone === 'danger' ? 'border-danger bg-danger-soft' : 'border-line bg-raised'}`}>
      <h3 className="mb-1 text-base font-semibold">{title}</h3>
      {children}
    </div>
  );
}

export const isCancelled = (status: string | null | undefined) => status === 'canceled' || status === 'cancelled';
