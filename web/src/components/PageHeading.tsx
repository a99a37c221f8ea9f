import type { ReactNode } from 'react';
import { ChevronLeft } from './icons';
import { ButtonLink } from './ui';
import { paths } from '../lib/paths';

/** The title row of a signed-in page: its icon and heading, and the way back to the reader. */
export function PageHeading({ icon, title, backTo = paths.home }: { icon: ReactNode; title: string; backTo?: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent">
          {icon}
        </span>
        <h1 className="font-serif text-3xl font-semibold tracking-tight">{title}</h1>
      </div>
      <ButtonLink to={backTo} variant="outline" size="sm">
        <ChevronLeft width={16} height={16} /> Back to Bible Reader
      </ButtonLink>
    </div>
  );
}
