import { storedPreference } from './storedPreference';

/** "One verse per line" in the reader: off (paragraphs, as the translation sets them) unless chosen, kept per browser and synced across tabs. */
export type VersePerLine = 'on' | 'off';

const versePerLine = storedPreference<VersePerLine>({
  key: 'lectio:versePerLine',
  fallback: 'off',
  normalise: (value) => (value === 'on' ? 'on' : 'off'),
  // The passage reads it when it lays out the chapter: nothing to apply to the page.
  apply: () => undefined,
});

export const startVersePerLineSync = versePerLine.start;
export const useVersePerLine = versePerLine.use;
