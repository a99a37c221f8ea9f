import { atom } from 'jotai';
import type { ChatMessage } from './conversation';

/** The conversation per passage (`passageKey`), loaded from the history when first shown. */
export const conversationsAtom = atom<Record<string, ChatMessage[]>>({});

/** Whether the Scripture Assistant's panel is open (the launcher, and a verse's Ask through the reader's slot). */
export const assistantOpenAtom = atom(false);

/** The personalization dialog, opened from the settings button or the reminder banner. */
export const personalizationOpenAtom = atom(false);

/** The usage details under the banner; below 80 % the banner shows only when expanded. */
export const usageExpandedAtom = atom(false);
