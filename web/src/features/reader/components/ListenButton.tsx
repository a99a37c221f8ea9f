import { useVoices } from '../listen/useVoices';

/** The button appears once the page has settled: asking for voices starts the speech engine. */
const VOICES_AFTER_MS = 1500;

/** Opens Listen (its player loads then); not shown where the browser has no speech synthesis voices. */
export function ListenButton({ listening, onListen }: { listening: boolean; onListen(): void }) {
  const voices = useVoices(VOICES_AFTER_MS);
  if (voices.length === 0) return null;
  return (
    <button
      type="button"
      onClick={onListen}
      aria-pressed={listening}
      className="mt-4 inline-flex h-9 items-center gap-2 rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink hover:border-accent/50 hover:bg-raised"
    >
      <svg
        aria-hidden="true"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M11 5 6 9H2v6h4l5 4z" />
        <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
      </svg>
      Listen
    </button>
  );
}
