import { COMMUNICATION_STYLE_STARS, type CommunicationStyleValue, type FaithJourneyValue } from '@lectio/contracts/assistant';

/** Spec: seedling, potted plant, tree, books. */
export const FAITH_JOURNEY_ICONS: Record<FaithJourneyValue, string> = {
  new_to_christianity: '🌱',
  growing_believer: '🪴',
  mature_christian: '🌳',
  bible_scholar: '📚',
};

/** One, two or three stars (the label is given separately to assistive technology). */
export function Stars({ style }: { style: CommunicationStyleValue }) {
  const n = COMMUNICATION_STYLE_STARS[style];
  return (
    <span aria-hidden="true" className="tracking-tight text-accent">
      {'★'.repeat(n)}
      <span className="text-line">{'★'.repeat(3 - n)}</span>
    </span>
  );
}
