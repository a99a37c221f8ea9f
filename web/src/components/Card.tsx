import type { ReactNode } from 'react';

/* The card and the list of facts the account page and the subscription screens are built of. */

/** A titled section of a settings page. */
export function Card({
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

/** Label and value pairs, one row each. */
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
