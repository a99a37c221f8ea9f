import {
  COMMUNICATION_STYLE_LABELS,
  FAITH_JOURNEY_LABELS,
  FAITH_JOURNEYS,
  COMMUNICATION_STYLES,
  PREFERENCE_NOT_SET,
  type CommunicationStyleValue,
  type FaithJourneyValue,
} from '@lectio/contracts/assistant';
import { JourneyIcon, Stars } from './preferenceDisplay';

export const asJourney = (v: unknown): FaithJourneyValue | null => FAITH_JOURNEYS.find((j) => j === v) ?? null;
export const asStyle = (v: unknown): CommunicationStyleValue | null => COMMUNICATION_STYLES.find((s) => s === v) ?? null;

/** The reader's personalization in the panel header: journey icon and label, style as stars. */
export function PreferenceBadge({ journey, style }: { journey: FaithJourneyValue | null; style: CommunicationStyleValue | null }) {
  const journeyLabel = journey ? FAITH_JOURNEY_LABELS[journey] : PREFERENCE_NOT_SET;
  const styleLabel = style ? COMMUNICATION_STYLE_LABELS[style] : PREFERENCE_NOT_SET;
  return (
    <p className="mt-0.5 flex items-center gap-1.5 text-[11px] text-muted">
      <span className="sr-only">
        Personalization: faith journey {journeyLabel}, communication style {styleLabel}
      </span>
      <span aria-hidden="true" className="inline-flex items-center gap-1 rounded-full border border-line px-1.5 py-px">
        {journey && <JourneyIcon journey={journey} width={12} height={12} className="text-accent" />}
        {journeyLabel}
        <span className="text-line">|</span>
        {style ? <Stars style={style} /> : PREFERENCE_NOT_SET}
      </span>
    </p>
  );
}
