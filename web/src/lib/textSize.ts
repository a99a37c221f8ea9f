import { storedPreference } from './storedPreference';

/** The size of the Bible text (not of the interface), kept per browser and synced across tabs. */
export const TEXT_SIZES = [
  { id: 'small', label: 'Small' },
  { id: 'medium', label: 'Medium' },
  { id: 'large', label: 'Large' },
  { id: 'larger', label: 'Extra large' },
] as const;
export type TextSize = (typeof TEXT_SIZES)[number]['id'];
const TEXT_SIZE_KEY = 'lectio:textSize';

export function normaliseTextSize(value: string | null | undefined): TextSize {
  return TEXT_SIZES.find((s) => s.id === value)?.id ?? 'medium';
}

/** index.css sizes `.scripture` from this attribute. */
function applyTextSize(size: TextSize): void {
  document.documentElement.dataset.textSize = size;
}

const textSize = storedPreference<TextSize>({
  key: TEXT_SIZE_KEY,
  fallback: 'medium',
  normalise: normaliseTextSize,
  apply: applyTextSize,
});

export const startTextSizeSync = textSize.start;
export const useTextSize = textSize.use;
