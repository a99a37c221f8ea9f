import { createHash } from 'node:crypto';
import {
  NOTE_CHANGES_PER_READER_MAX,
  NOTES_PER_READER_MAX,
  type NoteEvent,
  type NoteSaved,
} from '@lectio/contracts/notes';
import { type Decider, VersionedMap } from '@lectio/platform';
import { NoteChangesLimitReached, NoteNotFound, NotesLimitReached } from './errors';

/** A save as the decider takes it: the note's fields and when the server received it. */
export type NoteContent = Omit<NoteSaved, 'savedAt'>;

export type NotesCommand =
  | { type: 'SaveNote'; note: NoteContent; at: string }
  | { type: 'ImportNotes'; notes: NoteContent[]; at: string }
  | { type: 'DeleteNote'; noteId: string; at: string };

/** What the decider needs of a note: whether a save repeats it (a digest, not the text), and whether it is deleted. */
interface NoteState {
  digest: string;
  deleted: boolean;
}

/**
 * Every note of one reader, by its client-made id, in a persistent map (each event shares the
 * rest of the map instead of copying it, so folding a stream is linear in its events), with the
 * counts the limits read.
 */
export interface NotesState {
  notes: VersionedMap<string, NoteState>;
  /** Notes not deleted. */
  live: number;
  /** Saves and deletions recorded. */
  changes: number;
}

/** The note's content as one short string: equal digests mean a save repeats what the stream says. */
const digestOf = (n: NoteContent) =>
  createHash('sha256')
    .update(JSON.stringify([n.kind, n.book, n.chapter, n.verse, n.verseEnd, n.color, n.text]))
    .digest('base64');

/** What a save adds: nothing when the note already says exactly this (a retried or replayed save). */
function save(state: NotesState, note: NoteContent, at: string): NoteEvent[] {
  const known = state.notes.get(note.noteId);
  if (known && !known.deleted && known.digest === digestOf(note)) return [];
  if (state.changes >= NOTE_CHANGES_PER_READER_MAX) throw new NoteChangesLimitReached();
  if ((!known || known.deleted) && state.live >= NOTES_PER_READER_MAX) throw new NotesLimitReached();
  return [{ type: 'NoteSaved', data: { ...note, savedAt: at } }];
}

/**
 * The reader's notes stream (`notes-<userId>`). A note's id is made by the app, so a save sent
 * twice (a retry, an offline queue replayed) records one note; a save with other content is a new
 * version: the later save wins and the earlier one stays in the stream (the note's history).
 * Deleting an unknown note is refused; deleting it again changes nothing. A reader keeps at most
 * NOTES_PER_READER_MAX notes and records at most NOTE_CHANGES_PER_READER_MAX changes, so no
 * stream grows past what a command can fold quickly.
 */
export const notesDecider: Decider<NotesCommand, NoteEvent, NotesState> = {
  initialState: () => ({ notes: VersionedMap.empty(), live: 0, changes: 0 }),
  evolve(state, event) {
    const known = state.notes.get(event.data.noteId);
    const wasLive = known !== undefined && !known.deleted;
    if (event.type === 'NoteSaved') {
      return {
        notes: state.notes.set(event.data.noteId, { digest: digestOf(event.data), deleted: false }),
        live: state.live + (wasLive ? 0 : 1),
        changes: state.changes + 1,
      };
    }
    if (!known) return state;
    return {
      notes: state.notes.set(event.data.noteId, { ...known, deleted: true }),
      live: state.live - (wasLive ? 1 : 0),
      changes: state.changes + 1,
    };
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
          for (const e of save(s, note, command.at)) {
            s = notesDecider.evolve(s, e);
            events.push(e);
          }
        }
        return events;
      }
      case 'DeleteNote': {
        const known = state.notes.get(command.noteId);
        if (!known) throw new NoteNotFound();
        if (known.deleted) return [];
        if (state.changes >= NOTE_CHANGES_PER_READER_MAX) throw new NoteChangesLimitReached();
        return [{ type: 'NoteDeleted', data: { noteId: command.noteId, deletedAt: command.at } }];
      }
    }
  },
};
