import type { NoteEvent, NoteSaved } from '@lectio/contracts/notes';
import type { Decider } from '@lectio/platform';
import { NoteNotFound } from './errors';

/** A save as the decider takes it: the note's fields and when the server received it. */
export type NoteContent = Omit<NoteSaved, 'savedAt'>;

export type NotesCommand =
  | { type: 'SaveNote'; note: NoteContent; at: string }
  | { type: 'ImportNotes'; notes: NoteContent[]; at: string }
  | { type: 'DeleteNote'; noteId: string; at: string };

interface NoteState {
  current: NoteSaved;
  deleted: boolean;
}

/** Every note of one reader, by its client-made id. */
export type NotesState = ReadonlyMap<string, NoteState>;

const sameContent = (a: NoteContent, b: NoteContent) =>
  a.kind === b.kind &&
  a.book === b.book &&
  a.chapter === b.chapter &&
  a.verse === b.verse &&
  a.verseEnd === b.verseEnd &&
  a.color === b.color &&
  a.text === b.text;

/** What a save adds: nothing when the note already says exactly this (a retried or replayed save). */
function save(state: NotesState, note: NoteContent, at: string): NoteEvent[] {
  const known = state.get(note.noteId);
  if (known && !known.deleted && sameContent(known.current, note)) return [];
  return [{ type: 'NoteSaved', data: { ...note, savedAt: at } }];
}

/**
 * The reader's notes stream (`notes-<userId>`). A note's id is made by the app, so a save sent
 * twice (a retry, an offline queue replayed) records one note; a save with other content is a new
 * version: the later save wins and the earlier one stays in the stream (the note's history).
 * Deleting an unknown note is refused; deleting it again changes nothing.
 */
export const notesDecider: Decider<NotesCommand, NoteEvent, NotesState> = {
  initialState: () => new Map(),
  evolve(state, event) {
    const next = new Map(state);
    if (event.type === 'NoteSaved') next.set(event.data.noteId, { current: event.data, deleted: false });
    else {
      const known = state.get(event.data.noteId);
      if (known) next.set(event.data.noteId, { ...known, deleted: true });
    }
    return next;
  },
  decide(command, state) {
    switch (command.type) {
      case 'SaveNote':
        return save(state, command.note, command.at);
      case 'ImportNotes': {
        // Each note against the state the earlier ones of the same import left.
        const events: NoteEvent[] = [];
        let s = state;
        for (const note of command.notes) {
          const made = save(s, note, command.at);
          for (const e of made) s = notesDecider.evolve(s, e);
          events.push(...made);
        }
        return events;
      }
      case 'DeleteNote': {
        const known = state.get(command.noteId);
        if (!known) throw new NoteNotFound();
        return known.deleted ? [] : [{ type: 'NoteDeleted', data: { noteId: command.noteId, deletedAt: command.at } }];
      }
    }
  },
};
