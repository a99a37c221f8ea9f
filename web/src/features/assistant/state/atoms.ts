import { atom } from 'jotai';
import type { ChatMessage } from './conversation';

/** The conversation per passage (`passageKey`), loaded from the history when first shown. */
export const conversationsAtom = atom<Record<string, ChatMessage[]>>({});

/** The personalization dialog, opened from the settings button or the reminder banner. */
export const personalizationOpenAtom = atom(false);

/** Bumped after every answer (and refusal) so every `useUsage()` reads the new figures. */
export const usageVersionAtom = atom(0);

/** The usage details under the banner; below 80 % the banner shows only when expanded. */
export const usageExpandedAtom = atom(false);
