import type { ComponentType, ReactNode } from 'react';
import type { NoteColor } from '@lectio/contracts/notes';
import type { MenuAction } from '../../../components/ActionMenu';
import type { SidePanel } from '../hooks/useSidePanels';

/** What one verse shows of the reader's own notes: its highlight colour, a note mark, a bookmark mark. */
export interface VerseMarks {
  color: NoteColor | null;
  note: boolean;
  bookmark: boolean;
}

/** The verse the verse toolbar acts on (a marked range when `verseEnd` is set). */
export interface ToolbarVerse {
  book: string;
  bookName: string;
  chapter: number;
  verse: number;
  verseEnd: number | null;
}

/**
 * What other features put into the reader, plugged in where the reader's screen is composed
 * (pages/ReaderScreen.tsx, routed by App.tsx): the reader imports none of them.
 */
export interface ReaderSlots {
  /** The Scripture Assistant: whether it is open (the assistant feature owns that), and its parts. */
  assistant: SidePanel & { skipLink: ReactNode; launcher: ReactNode; panel: ReactNode };
  /** Above the passage while the assistant is closed (its own upgrade prompt is the one upsell then). */
  banner: ReactNode;
  /** At the top of the navigation panel (today's reading of a plan). */
  navigationTop(at: { book: string; chapter: number; chapterHref(book: string, chapter: number): string }): ReactNode;
  /** The reader's own highlights, notes and bookmarks on a chapter, by verse (a hook: called on every render). */
  useVerseMarks(book: string, chapter: number): ReadonlyMap<number, VerseMarks>;
  /** The verse toolbar's note actions (highlight, note, bookmark), around the reader's own buttons (`children`). */
  NoteActions: ComponentType<{
    target: ToolbarVerse;
    buttonClass: string;
    more?: readonly MenuAction[];
    children?: ReactNode;
  }>;
}
