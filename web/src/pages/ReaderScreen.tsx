import { useMemo } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import ReaderRoute from '../features/reader/components/ReaderPage';
import type { ReaderSlots } from '../features/reader/components/readerSlots';
import { AssistantLauncher, AssistantPanel, AssistantSkipLink, assistantOpenAtom } from '../features/assistant';
import { TrialBanner } from '../features/billing';
import { chapterNotesAtom, NoteActions, useChapterNotes, verseMarks } from '../features/notes';
import { TodayReadingSlot } from '../features/plans';

export { warm } from '../features/reader/components/ReaderPage';

/** The reader's own highlights, notes and bookmarks on this chapter, as marks by verse. */
function useVerseMarks(book: string, chapter: number) {
  useChapterNotes(book, chapter);
  const notes = useAtomValue(chapterNotesAtom);
  return useMemo(() => verseMarks(notes), [notes]);
}

// The parts that do not change with the assistant's open state (the hook is the same function on every render).
const fixed = {
  banner: <TrialBanner />,
  navigationTop: (at) => <TodayReadingSlot {...at} />,
  useVerseMarks,
  NoteActions,
} satisfies Omit<ReaderSlots, 'assistant'>;

/**
 * /home as App.tsx routes it: the reader with the other features plugged into its slots (the
 * assistant, which owns its open state; billing's banner; plans' today's reading; notes' marks and
 * toolbar buttons), so the reader imports none of them and no feature imports it back in a cycle.
 */
export default function ReaderScreen() {
  const [open, setOpen] = useAtom(assistantOpenAtom);
  const slots: ReaderSlots = {
    ...fixed,
    assistant: {
      open,
      setOpen,
      skipLink: <AssistantSkipLink />,
      launcher: <AssistantLauncher />,
      panel: <AssistantPanel />,
    },
  };
  return <ReaderRoute slots={slots} />;
}
