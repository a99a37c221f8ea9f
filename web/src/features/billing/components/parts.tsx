import type { ReactNode } from 'react';

/* Small display pieces the subscription screens share. */

export function Notice({
  title,
  children,
  tone = 'plain',
}: {
  title: string;
  children: ReactNode;
  tone?: 'plain' | 'danger';
}) {
  return (
    <div
      className={`rounded-xl border p-4 text-sm ${tone === 'danger' ? 'border-danger bg-danger-soft' : 'border-line bg-raised'}`}
    >
      <h3 className="mb-1 text-base font-semibold">{title}</h3>
      {children}
    </div>
  );
}

export const isCancelled = (status: string | null | undefined) => status === 'canceled' || status === 'cancelled';
