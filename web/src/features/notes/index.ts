import { lazy } from 'react';

/**
 * The notes feature's public entry. The reader's first load takes only the chapter's notes and
 * their marks; the toolbar's Highlight, Note and Bookmark load when the toolbar first opens, and
 * /notes is its own route (App.tsx). package.json beside it marks this file free of side effects.
 */
export { useChapterNotes, verseMarks, chapterNotesAtom } from './state/chapterNotes';
export const NoteActions = lazy(() => import('./components/NoteActions'));
