import { describe, it } from 'vitest';
import type { NoteEvent } from '@lectio/contracts/notes';
import { spec } from '@lectio/platform/testing';
import { NOTE_CHANGES_PER_READER_MAX, NOTES_PER_READER_MAX, notesMessages } from '@lectio/contracts/notes';
import { type NoteContent, notesDecider } from './notes-decider';

const id = '6f1c2b9e-8d4a-4c1e-9b7f-2a6d5e4c3b21';
const other = '7a1c2b9e-8d4a-4c1e-9b7f-2a6d5e4c3b22';
const note: NoteContent = {
  noteId: id,
  kind: 'note',
  book: 'john',
  chapter: 3,
  verse: 16,
  verseEnd: null,
  color: null,
  text: 'For God so loved',
};
const saved = (content: NoteContent, savedAt: string): NoteEvent => ({
  type: 'NoteSaved',
  data: { ...content, savedAt },
});
const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-21T10:00:00.000Z';

describe('notes decider', () => {
  it('a new note is saved', () => {
    spec(notesDecider)
      .given([])
      .when({ type: 'SaveNote', note, at: T1 })
      .then([saved(note, T1)]);
  });

  it('the same save again (a retry, a replayed offline queue) changes nothing', () => {
    spec(notesDecider)
      .given([saved(note, T1)])
      .when({ type: 'SaveNote', note, at: T2 })
      .thenNothing();
  });

  it('a save with other words is a new version: the later save wins, the earlier stays in the stream', () => {
    const edited = { ...note, text: 'For God so loved the world' };
    spec(notesDecider)
      .given([saved(note, T1)])
      .when({ type: 'SaveNote', note: edited, at: T2 })
      .then([saved(edited, T2)]);
  });

  it('a note deleted and saved again comes back', () => {
    spec(notesDecider)
      .given([saved(note, T1), { type: 'NoteDeleted', data: { noteId: id, deletedAt: T1 } }])
      .when({ type: 'SaveNote', note, at: T2 })
      .then([saved(note, T2)]);
  });

  it('deleting a note records it once; a second delete changes nothing', () => {
    spec(notesDecider)
      .given([saved(note, T1)])
      .when({ type: 'DeleteNote', noteId: id, at: T2 })
      .then([{ type: 'NoteDeleted', data: { noteId: id, deletedAt: T2 } }]);
    spec(notesDecider)
      .given([saved(note, T1), { type: 'NoteDeleted', data: { noteId: id, deletedAt: T1 } }])
      .when({ type: 'DeleteNote', noteId: id, at: T2 })
      .thenNothing();
  });

  it('deleting a note this reader never saved is refused (not found)', () => {
    spec(notesDecider)
      .given([saved(note, T1)])
      .when({ type: 'DeleteNote', noteId: other, at: T2 })
      .thenThrows(notesMessages.notFound);
  });

  it('an import saves only what is new or different, a note repeated inside it once', () => {
    const bookmark: NoteContent = {
      noteId: other,
      kind: 'bookmark',
      book: 'romans',
      chapter: 8,
      verse: 28,
      verseEnd: null,
      color: null,
      text: null,
    };
    spec(notesDecider)
      .given([saved(note, T1)])
      .when({ type: 'ImportNotes', notes: [note, bookmark, bookmark], at: T2 })
      .then([saved(bookmark, T2)]);
  });

  describe('limits per reader', () => {
    const uuid = (i: number) => `00000000-0000-4000-8000-${i.toString(16).padStart(12, '0')}`;
    const many = (count: number) => Array.from({ length: count }, (_, i) => saved({ ...note, noteId: uuid(i) }, T1));

    it(`at ${NOTES_PER_READER_MAX.toLocaleString('en-US')} notes a new one is refused; an existing one can still change, and a deleted one frees a place`, () => {
      const full = many(NOTES_PER_READER_MAX);
      spec(notesDecider)
        .given(full)
        .when({ type: 'SaveNote', note: { ...note, noteId: other }, at: T2 })
        .thenThrows(notesMessages.notesLimit);
      spec(notesDecider)
        .given(full)
        .when({ type: 'SaveNote', note: { ...note, noteId: uuid(7), text: 'edited' }, at: T2 })
        .then([saved({ ...note, noteId: uuid(7), text: 'edited' }, T2)]);
      spec(notesDecider)
        .given([...full, { type: 'NoteDeleted', data: { noteId: uuid(7), deletedAt: T1 } }])
        .when({ type: 'SaveNote', note: { ...note, noteId: other }, at: T2 })
        .then([saved({ ...note, noteId: other }, T2)]);
    });

    it('an import that would pass the limit is refused whole (nothing of it is recorded)', () => {
      const imported = Array.from({ length: 3 }, (_, i) => ({ ...note, noteId: uuid(NOTES_PER_READER_MAX + i) }));
      spec(notesDecider)
        .given(many(NOTES_PER_READER_MAX - 2))
        .when({ type: 'ImportNotes', notes: imported, at: T2 })
        .thenThrows(notesMessages.notesLimit);
    });

    it(`after ${NOTE_CHANGES_PER_READER_MAX.toLocaleString('en-US')} saves and deletions, no more changes are recorded`, () => {
      const edits = Array.from({ length: NOTE_CHANGES_PER_READER_MAX }, (_, i) =>
        saved({ ...note, text: `version ${i}` }, T1),
      );
      spec(notesDecider)
        .given(edits)
        .when({ type: 'SaveNote', note: { ...note, text: 'one more' }, at: T2 })
        .thenThrows(notesMessages.changesLimit);
      spec(notesDecider)
        .given(edits)
        .when({ type: 'DeleteNote', noteId: id, at: T2 })
        .thenThrows(notesMessages.changesLimit);
    });
  });
});
