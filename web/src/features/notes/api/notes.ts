import type { NoteSaveRequest, NotesImportResponse } from '@lectio/contracts/notes';
import { postJson } from '../../../lib/api';
import { enqueue, flushQueue } from '../state/queue';

/** Saves a highlight, note or bookmark: kept in the offline queue at once, sent when it can be. */
export function saveNote(note: NoteSaveRequest) {
  enqueue({ op: 'save', note });
}

export function deleteNote(id: string) {
  enqueue({ op: 'delete', id });
}

/** Imports a JSON export (after the queue, so a note saved just before is not overwritten by an older copy). */
export async function importNotes(exported: unknown): Promise<NotesImportResponse> {
  await flushQueue();
  return postJson<NotesImportResponse>('/api/notes/import', exported);
}
