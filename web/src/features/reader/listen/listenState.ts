import type { Verse } from '@lectio/contracts/verses';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** Stop after so many minutes, at the end of the chapter, or never. */
export type SleepChoice = 'off' | 'chapter' | 5 | 15 | 30 | 60;
export const SLEEP_CHOICES: ReadonlyArray<{ id: SleepChoice; label: string }> = [
  { id: 'off', label: 'Off' },
  { id: 'chapter', label: 'End of chapter' },
  { id: 5, label: '5 minutes' },
  { id: 15, label: '15 minutes' },
  { id: 30, label: '30 minutes' },
  { id: 60, label: '1 hour' },
];

/** The index of the verse to read first: the chosen verse when the chapter has it, else the first. */
export function readingPlan(verses: readonly Verse[], startVerse: number | null): number {
  const at = startVerse === null ? -1 : verses.findIndex((v) => v.number === startVerse);
  return at >= 0 ? at : 0;
}
