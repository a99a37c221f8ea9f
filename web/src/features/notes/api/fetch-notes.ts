import type { Note, NotesResponse } from '@lectio/contracts/notes';
import { getJson } from '../../../lib/api';

/** The reader's notes (all of them, or one chapter's), every page of GET /api/notes in turn. */
export async function fetchNotes(where: { book: string; chapter: number } | null = null): Promise<Note[]> {
  const notes: Note[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams(where ? { book: where.book, chapter: String(where.chapter) } : {});
    if (cursor) query.set('cursor', cursor);
    const page: NotesResponse = await getJson<NotesResponse>(`/api/notes${query.size > 0 ? `?${query}` : ''}`);
    notes.push(...page.notes);
    cursor = page.nextCursor;
  } while (cursor);
  return notes;
}
