import { ALL_BOOKS } from '@lectio/contracts/books';
import { streams } from '@lectio/contracts/events';
import type { Note, NoteColor, NoteEvent, NoteKind, NoteVersion } from '@lectio/contracts/notes';
import type { NotesCursor } from '@lectio/contracts/notes-schemas';
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
  {
    // Bible order in the table, so a page of a reader's notes is read from an index in order
    // instead of sorting all of them for each page.
    id: '058_reader_notes_bible_order',
    sql: `
ALTER TABLE reader_notes_view ADD COLUMN IF NOT EXISTS book_rank INT;
UPDATE reader_notes_view SET book_rank = COALESCE(array_position(ARRAY[${ALL_BOOKS.map((b) => `'${b.id}'`).join(',')}]::text[], book), ${ALL_BOOKS.length}) WHERE book_rank IS NULL;
ALTER TABLE reader_notes_view ALTER COLUMN book_rank SET NOT NULL;
CREATE INDEX IF NOT EXISTS reader_notes_bible_order ON reader_notes_view (user_id, book_rank, chapter, verse, (COALESCE(verse_end, 0)), note_id);`,
  },
];

/** A book's place in the Bible (Genesis 1 ... Revelation 66): the order notes are read in. */
const bookRank = (id: string) => {
  const i = ALL_BOOKS.findIndex((b) => b.id === id);
  return i < 0 ? ALL_BOOKS.length : i + 1;
};

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
      `INSERT INTO reader_notes_view AS n (user_id, note_id, kind, book, chapter, verse, verse_end, color, text, created_at, updated_at, position, book_rank)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12)
       ON CONFLICT (user_id, note_id) DO UPDATE SET
         kind = EXCLUDED.kind, book = EXCLUDED.book, book_rank = EXCLUDED.book_rank, chapter = EXCLUDED.chapter, verse = EXCLUDED.verse, verse_end = EXCLUDED.verse_end,
         color = EXCLUDED.color, text = EXCLUDED.text, updated_at = EXCLUDED.updated_at, position = EXCLUDED.position,
         history = CASE WHEN n.text IS DISTINCT FROM EXCLUDED.text OR n.color IS DISTINCT FROM EXCLUDED.color
           THEN n.history || jsonb_build_array(jsonb_build_object('text', n.text, 'color', n.color, 'savedAt', to_char(n.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
           ELSE n.history END`,
      [
        userId,
        d.noteId,
        d.kind,
        d.book,
        d.chapter,
        d.verse,
        d.verseEnd,
        d.color,
        d.text,
        d.savedAt,
        event.position.toString(),
        bookRank(d.book),
      ],
    );
  },
});

interface NoteRow {
  note_id: string;
  kind: NoteKind;
  book: string;
  book_rank: number;
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

const noteOf = (row: NoteRow): Note => ({
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
});

export interface NotesPage {
  notes: Note[];
  /** Where the next page starts; null on the last page. */
  next: NotesCursor | null;
}

/**
 * One page of a reader's notes in Bible order (book, chapter, verse, a range after a single verse
 * starting with it), optionally of one book or chapter, after `after`: read from the index in that
 * order, so no page costs more than its rows however many notes the reader has.
 */
export async function readNotesPage(
  q: Queryable,
  userId: string,
  page: { book?: string; chapter?: number; after?: NotesCursor; limit: number },
): Promise<NotesPage> {
  const { after } = page;
  const r = await q.query<NoteRow>(
    `SELECT note_id::text AS note_id, kind, book, book_rank, chapter, verse, verse_end, color, text, created_at, updated_at, history
     FROM reader_notes_view
     WHERE user_id = $1 AND ($2::text IS NULL OR book = $2) AND ($3::int IS NULL OR chapter = $3)
       AND ($4::int IS NULL OR (book_rank, chapter, verse, COALESCE(verse_end, 0), note_id) > ($4, $5, $6, $7, $8::uuid))
     ORDER BY book_rank, chapter, verse, COALESCE(verse_end, 0), note_id
     LIMIT $9`,
    [
      userId,
      page.book ?? null,
      page.chapter ?? null,
      after?.rank ?? null,
      after?.chapter ?? null,
      after?.verse ?? null,
      after?.verseEnd ?? null,
      after?.id ?? null,
      page.limit + 1,
    ],
  );
  const rows = r.rows.slice(0, page.limit);
  const last = rows[rows.length - 1];
  const next =
    r.rows.length > page.limit && last
      ? {
          rank: last.book_rank,
          chapter: last.chapter,
          verse: last.verse,
          verseEnd: last.verse_end ?? 0,
          id: last.note_id,
        }
      : null;
  return { notes: rows.map(noteOf), next };
}

/** Every note of a reader in Bible order, a page at a time (an export streams them without holding them all). */
export async function* allNotes(q: Queryable, userId: string, pageSize = 500): AsyncGenerator<Note[]> {
  let after: NotesCursor | undefined;
  for (;;) {
    const page = await readNotesPage(q, userId, { after, limit: pageSize });
    if (page.notes.length > 0) yield page.notes;
    if (!page.next) return;
    after = page.next;
  }
}
