import { atom } from 'jotai';

export const tutorialOpenAtom = atom(false);
export const TUTORIAL_SEEN_KEY = 'lectio:tutorialSeen';

export function tutorialSeen(): boolean {
  try {
    return localStorage.getItem(TUTORIAL_SEEN_KEY) === 'true';
  } catch {
    return true;
  }
}

export function markTutorialSeen(): void {
  try {
    localStorage.setItem(TUTORIAL_SEEN_KEY, 'true');
  } catch {
    /* ignore */
  }
}
