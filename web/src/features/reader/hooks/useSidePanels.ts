import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { studyVerseAtom } from '../state/atoms';

/** The assistant as the reader sees it: the assistant feature owns whether it is open. */
export interface SidePanel {
  open: boolean;
  setOpen(open: boolean): void;
}

/** The assistant and the study share the place beside the text, one at a time: opening one closes the other. */
export function useSidePanels(assistant: SidePanel) {
  const [studyVerse, setStudyVerse] = useAtom(studyVerseAtom);
  const studying = studyVerse !== null;
  const { open: assistantOpen, setOpen: setAssistantOpen } = assistant;
  useEffect(() => {
    if (studying) setAssistantOpen(false);
  }, [studying, setAssistantOpen]);
  useEffect(() => {
    if (assistantOpen) setStudyVerse(null);
  }, [assistantOpen, setStudyVerse]);
  return { studying, sideOpen: assistantOpen || studying };
}
