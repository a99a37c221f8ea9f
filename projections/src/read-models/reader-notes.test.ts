import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import type { NoteSaved } from '@lectio/contracts/notes';
import { projectionSpec } from '@lectio/platform/testing';
import { readerNotesProjection } from './reader-notes';

// reader_notes_view, given each event type the `reader-notes` projection handles.
const spec = projectionSpec(readerNotesProjection);
afterAll(() => spec.close());

const rows = `SELECT note_id::text AS id, kind, book, chapter, verse, verse_end, color, text, history
  FROM reader_notes_view WHERE user_id = $1 ORDER BY verse`;
const saved = (userId: string, data: NoteSaved) => ({
  streamId: streams.notes(userId),
  type: 'NoteSaved' as const,
  data,
});

describe('reader-notes read model', () => {
  it('NoteSaved: a row per note; a later save replaces it and keeps the replaced text and colour in its history', async () => {
    const userId = randomUUID();
    const noteId = randomUUID();
    const first: NoteSaved = {
      noteId,
      kind: 'highlight',
      book: 'john',
      chapter: 3,
      verse: 16,
      verseEnd: 17,
      color: 'yellow',
      text: null,
      savedAt: '2026-11-20T10:00:00.000Z',
    };
    const second: NoteSaved = { ...first, color: 'blue', text: 'Loved', savedAt: '2026-11-21T09:30:00.000Z' };
    const bookmark: NoteSaved = {
      ...first,
      noteId: randomUUID(),
      kind: 'bookmark',
      verse: 18,
      verseEnd: null,
      color: null,
    };
    await spec.given(saved(userId, first), saved(userId, second), saved(userId, bookmark)).then(
      rows,
      [userId],
      [
        {
          id: noteId,
          kind: 'highlight',
          book: 'john',
          chapter: 3,
          verse: 16,
          verse_end: 17,
          color: 'blue',
          text: 'Loved',
          history: [{ text: null, color: 'yellow', savedAt: '2026-11-20T10:00:00.000Z' }],
        },
        {
          id: bookmark.noteId,
          kind: 'bookmark',
          book: 'john',
          chapter: 3,
          verse: 18,
          verse_end: null,
          color: null,
          text: null,
          history: [],
        },
      ],
    );
  });

  it('NoteDeleted: the note’s row goes, the reader’s others and other readers’ stay', async () => {
    const userId = randomUUID();
    const otherReader = randomUUID();
    const noteId = randomUUID();
    const keep = randomUUID();
    const base: NoteSaved = {
      noteId,
      kind: 'note',
      book: 'mark',
      chapter: 1,
      verse: 1,
      verseEnd: null,
      color: null,
      text: 'Beginning',
      savedAt: '2026-11-20T10:00:00.000Z',
    };
    await spec
      .given(saved(userId, base), saved(userId, { ...base, noteId: keep, verse: 2 }), saved(otherReader, base), {
        streamId: streams.notes(userId),
        type: 'NoteDeleted' as const,
        data: { noteId, deletedAt: '2026-11-21T10:00:00.000Z' },
      })
      .then(
        `SELECT note_id::text AS id, user_id::text AS user_id FROM reader_notes_view WHERE user_id IN ($1, $2) ORDER BY user_id = $1, verse`,
        [userId, otherReader],
        [
          { id: noteId, user_id: otherReader },
          { id: keep, user_id: userId },
        ],
      );
  });
});
