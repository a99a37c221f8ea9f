import type { SVGProps } from 'react';
import { BooksIcon, PottedPlantIcon, SeedlingIcon, TreeIcon } from '../../../components/icons';
import {
  COMMUNICATION_STYLE_STARS,
  type CommunicationStyleValue,
  type FaithJourneyValue,
} from '@lectio/contracts/assistant';

/** Spec: seedling, potted plant, tree, books. */
type P = SVGProps<SVGSVGElement>;

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
