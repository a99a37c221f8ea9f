import type { SVGProps } from 'react';
import { COMMUNICATION_STYLE_STARS, type CommunicationStyleValue, type FaithJourneyValue } from '@lectio/contracts/assistant';

type P = SVGProps<SVGSVGElement>;
const base = (p: P): P => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  ...p,
});

// Drawn rather than emoji, which not every system font has.
export const SeedlingIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 21v-9" />
    <path d="M12 12c0-4-3-6-7-6 0 4 3 6 7 6Z" />
    <path d="M12 10c0-3 2.5-5 6-5 0 3-2.5 5-6 5Z" />
  </svg>
);
export const PottedPlantIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M7 15h10l-1.5 6h-7Z" />
    <path d="M12 15V9" />
    <path d="M12 11c-1-3-4-4-6-3 1 3 4 4 6 3Z" />
    <path d="M12 9c1-3 4-4 6-3-1 3-4 4-6 3Z" />
  </svg>
);
export const TreeIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M12 21v-6" />
    <path d="M12 15c-4 0-7-2.5-7-6a7 7 0 0 1 14 0c0 3.5-3 6-7 6Z" />
  </svg>
);
export const BooksIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="4" y="4" width="4" height="16" rx="1" />
    <rect x="9" y="6" width="4" height="14" rx="1" />
    <path d="m14.5 7.5 3.8-1 3 12.6-3.8 1Z" />
  </svg>
);

/** Spec: seedling, potted plant, tree, books. */
export const FAITH_JOURNEY_ICONS: Record<FaithJourneyValue, (p: P) => React.JSX.Element> = {
  new_to_christianity: SeedlingIcon,
  growing_believer: PottedPlantIcon,
  mature_christian: TreeIcon,
  bible_scholar: BooksIcon,
};

export function JourneyIcon({ journey, ...p }: P & { journey: FaithJourneyValue }) {
  const Icon = FAITH_JOURNEY_ICONS[journey];
  return <Icon {...p} />;
}

/** One, two or three stars (the label is given separately to assistive technology). */
export function Stars({ style }: { style: CommunicationStyleValue }) {
  const n = COMMUNICATION_STYLE_STARS[style];
  return (
    <span aria-hidden="true" className="tracking-tight text-accent">
      {'★'.repeat(n)}
      <span className="text-muted/40">{'★'.repeat(3 - n)}</span>
    </span>
  );
}
