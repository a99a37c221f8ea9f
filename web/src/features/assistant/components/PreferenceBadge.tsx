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
export const asStyle = (v: unknown): CommunicationStyleValue | null =>
  COMMUNICATION_STYLES.find((s) => s === v) ?? null;

/**
 * The reader's personalization in the panel header: journey icon and label, style as stars, each
 * named when it is not set ('Style: Not Set'), a button that opens the settings. Nothing set is one
 * labelled chip, 'Personalization: Not Set', not two bare grey ones.
 */
export function PreferenceBadge({
  journey,
  style,
  onEdit,
}: {
  journey: FaithJourneyValue | null;
  style: CommunicationStyleValue | null;
  onEdit(): void;
}) {
  const journeyLabel = journey ? FAITH_JOURNEY_LABELS[journey] : PREFERENCE_NOT_SET;
  const styleLabel = style ? COMMUNICATION_STYLE_LABELS[style] : PREFERENCE_NOT_SET;
  // The visible words begin the button's name (the stars are read as the style's label).
  return (
    <button
      type="button"
      onClick={onEdit}
      className="mt-0.5 inline-flex max-w-full items-center gap-1 truncate rounded-full border border-line px-1.5 py-px text-[11px] text-muted hover:bg-raised"
    >
      {!journey && !style ? (
        `Personalization: ${PREFERENCE_NOT_SET}`
      ) : (
        <>
          {journey ? (
            <>
              <JourneyIcon
                journey={journey}
                width={12}
                height={12}
                aria-hidden="true"
                className="shrink-0 text-accent"
              />
              {journeyLabel}
            </>
          ) : (
            `Journey: ${PREFERENCE_NOT_SET}`
          )}
          <span aria-hidden="true">·</span>
          {style ? (
            <>
              <Stars style={style} />
              <span className="sr-only">Style: {styleLabel}</span>
            </>
          ) : (
            `Style: ${PREFERENCE_NOT_SET}`
          )}
        </>
      )}
      <span className="sr-only">, change personalization</span>
    </button>
  );
}
