import { storedPreference } from './storedPreference';

/** "Words of Jesus in red" in the reader: off unless the reader turns it on, kept per browser and synced across tabs. */
export type RedLetter = 'on' | 'off';
const RED_LETTER_KEY = 'lectio:redLetter';

const redLetter = storedPreference<RedLetter>({
  key: RED_LETTER_KEY,
  fallback: 'off',
  normalise: (value) => (value === 'on' ? 'on' : 'off'),
  // The reader renders the marks only when on (and only then fetches them): nothing to apply to the page.
  apply: () => undefined,
});

export const startRedLetterSync = redLetter.start;
export const useRedLetter = redLetter.use;
