import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { tutorialOpenAtom, tutorialSeen } from '../../../components/tutorialState';

/** The reader's tutorial opens by itself on the first visit; returns whether it is open. */
export function useTutorialOnFirstVisit(): boolean {
  const [open, setOpen] = useAtom(tutorialOpenAtom);
  useEffect(() => {
    if (!tutorialSeen()) setOpen(true);
  }, [setOpen]);
  return open;
}
