import { streams } from '@lectio/contracts/events';
import type { Note, NoteColor, NoteEvent, NoteKind, NoteVersion } from '@lectio/contracts/notes';
import type { Migration, Queryable } from '@lectio/platform';
import { postgreSQLProjection } from '@lectio/platform/projections';

export const readerNotesMigrations: Migration[] = [
  {
    id: '057_reader_notes_view',
    sql: `
CREATE TABLE IF NOT EXISTS reader_notes_view (
  user_id UUID NOT NULL,
  note_id UUID NOT NULL,
  kind TEXT NOT NULL,
  book TEXT NOT NULL,
  chapter INT NOT NULL,
  verse INT NOT NULL,
  verse_end INT,
  color TEXT,
  text TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL,
  history JSONB NOT NULL DEFAULT '[]'::jsonb,
  position BIGINT NOT NULL,
  PRIMARY KEY (user_id, note_id)
);
CREATE INDEX IF NOT EXISTS reader_notes_passage ON reader_notes_view (user_id, book, chapter, verse);`,
  },
];

/**
 * Read model `reader-notes` (reader_notes_view): each reader's highlights, notes and bookmarks as
 * they stand now. A later save replaces the row and moves the text and colour it replaced into the
 * row's history; a deleted note's row goes.
 */
export const readerNotesProjection = postgreSQLProjection<NoteEvent>({
  name: 'reader-notes',
  migrations: readerNotesMigrations,
  tables: ['reader_notes_view'],
  canHandle: ['NoteSaved', 'NoteDeleted'],
  async handle(tx, event) {
    const userId = streams.notes.userIdOf(event.streamId);
    if (!userId) return;
    if (event.type === 'NoteDeleted') {
      await tx.query('DELETE FROM reader_notes_view WHERE user_id = $1 AND note_id = $2', [userId, event.data.noteId]);
      return;
    }
    const d = event.data;
    await tx.query(
      `INSERT INTO reader_notes_view AS n (user_id, note_id, kind, book, chapter, verse, verse_end, color, text, created_at, updated_at, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)
       ON CONFLICT (user_id, note_id) DO UPDATE SET
         kind = EXCLUDED.kind, book = EXCLUDED.book, chapter = EXCLUDED.chapter, verse = EXCLUDED.verse, verse_end = EXCLUDED.verse_end,
         color = EXCLUDED.color, text = EXCLUDED.text, updated_at = EXCLUDED.updated_at, position = EXCLUDED.position,
         history = CASE WHEN n.text IS DISTINCT FROM EXCLUDED.text OR n.color IS DISTINCT FROM EXCLUDED.color
           THEN n.history || jsonb_build_array(jsonb_build_object('text', n.text, 'color', n.color, 'savedAt', to_char(n.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
           ELSE n.history END`,
      [userId, d.noteId, d.kind, d.book, d.chapter, d.verse, d.verseEnd, d.color, d.text, d.savedAt, event.position.toString()],
    );
  },
});

interface NoteRow {
  note_id: string;
  kind: NoteKind;
  book: string;
  chapter: number;
  verse: number;
  verse_end: number | null;
  color: NoteColor | null;
  text: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  // jsonb: parsed by PGlite and pg, text from an older driver.
  history: NoteVersion[] | string;
}

/** A reader's notes, in Bible order (book order is the caller's), optionally of one book or chapter. */
export async function readNotes(q: Queryable, userId: string, where: { book?: string; chapter?: number } = {}): Promise<Note[]> {
  const r = await q.query<NoteRow>(
    `SELECT note_id::text AS note_id, kind, book, chapter, verse, verse_end, color, text, created_at, updated_at, history
     FROM reader_notes_view
     WHERE user_id = $1 AND ($2::text IS NULL OR book = $2) AND ($3::int IS NULL OR chapter = $3)
     ORDER BY book, chapter, verse, verse_end NULLS FIRST, created_at`,
    [userId, where.book ?? null, where.chapter ?? null],
  );
  return r.rows.map((row) => ({
    id: row.note_id,
    kind: row.kind,
    book: row.book,
    chapter: row.chapter,
    verse: row.verse,
    verseEnd: row.verse_end,
    color: row.color,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    history: typeof row.history === 'string' ? JSON.parse(row.history) : row.history,
  }));
}
