/**
 * The reader's own notes: highlights, notes and bookmarks on a verse or a range, kept as events on
 * the reader's stream `notes-<userId>`. Zod-free (the web imports it); schemas in notes-schemas.ts.
 */

export const NOTE_KINDS = ['highlight', 'note', 'bookmark'] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

/** The five highlight colours, as the reader names them. */
export const NOTE_COLORS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type NoteColor = (typeof NOTE_COLORS)[number];

/** A note's plain text, at most this many characters. */
export const NOTE_TEXT_MAX = 10_000;
/** How many notes one import may bring. */
export const NOTES_IMPORT_MAX = 2_000;
/** Highlights, notes and bookmarks one reader may keep at once. */
export const NOTES_PER_READER_MAX = 10_000;
/** Saves and deletions one reader's notes may record in all (every version is kept as history). */
export const NOTE_CHANGES_PER_READER_MAX = 50_000;
/** Imports one reader may make in an hour. */
export const NOTES_IMPORTS_PER_HOUR = 10;
/** Notes per page of GET /api/notes (the default and the most a page may ask for). */
export const NOTES_PAGE_SIZE = 500;
/** Downloads of one reader's notes (JSON or Markdown) or of all their data, each, per hour. */
export const DOWNLOADS_PER_HOUR = 10;

/** What a reader saves: a client-made uuid, so a retried or replayed save is the same note. */
export interface NoteSaveRequest {
  id: string;
  kind: NoteKind;
  book: string;
  chapter: number;
  verse: number;
  verseEnd?: number | null;
  color?: NoteColor | null;
  text?: string | null;
}

/** An earlier text of a note, kept when a later save replaced it. */
export interface NoteVersion {
  text: string | null;
  color: NoteColor | null;
  savedAt: string;
}

export interface Note {
  id: string;
  kind: NoteKind;
  book: string;
  chapter: number;
  verse: number;
  verseEnd: number | null;
  color: NoteColor | null;
  text: string | null;
  createdAt: string;
  updatedAt: string;
  /** Earlier versions, oldest first (a later save wins; what it replaced stays here). */
  history: NoteVersion[];
}

/** One page of the reader's notes in Bible order; `nextCursor` asks for the next (null on the last page). */
export interface NotesResponse {
  notes: Note[];
  nextCursor: string | null;
}

export interface NoteSavedResponse {
  note: { id: string };
  /** False when the save changed nothing (a retry of a save already made). */
  changed: boolean;
}

export interface NoteDeletedResponse {
  id: string;
  deleted: true;
}

export interface NotesImportResponse {
  imported: number;
  unchanged: number;
}

/** The JSON export, which POST /api/notes/import takes back. */
export interface NotesExport {
  format: 'lectio-notes';
  version: 1;
  exportedAt: string;
  notes: Note[];
}

export interface NoteSaved {
  noteId: string;
  kind: NoteKind;
  book: string;
  chapter: number;
  verse: number;
  verseEnd: number | null;
  color: NoteColor | null;
  text: string | null;
  savedAt: string;
}

export interface NoteDeleted {
  noteId: string;
  deletedAt: string;
}

export type NoteEvent = { type: 'NoteSaved'; data: NoteSaved } | { type: 'NoteDeleted'; data: NoteDeleted };

export const notesMessages = {
  idRequired: 'A note needs an id (a uuid made by the app).',
  unknownBook: 'Unknown book',
  unknownVerse: 'That verse does not exist.',
  badRange: 'The range must end after it starts, in the same chapter.',
  colorRequired: `Choose a highlight colour: ${NOTE_COLORS.join(', ')}.`,
  textRequired: 'Write something in the note.',
  textTooLong: `A note can be at most ${NOTE_TEXT_MAX.toLocaleString('en-US')} characters.`,
  notFound: 'Note not found',
  badImport: 'That is not a Lectio notes export.',
  tooMany: `An import can bring at most ${NOTES_IMPORT_MAX.toLocaleString('en-US')} notes.`,
  notesLimit: `You can keep at most ${NOTES_PER_READER_MAX.toLocaleString('en-US')} highlights, notes and bookmarks. Delete some to add more.`,
  changesLimit: `Your notes have reached their limit of ${NOTE_CHANGES_PER_READER_MAX.toLocaleString('en-US')} saved changes. They stay safe to read and export, but can no longer be changed.`,
  tooManyImports: `You can import at most ${NOTES_IMPORTS_PER_HOUR} times an hour. Please try again later.`,
  tooManyDownloads: `You can download this at most ${DOWNLOADS_PER_HOUR} times an hour. Please try again later.`,
  badCursor: 'That page of notes does not exist. Start again from the first page.',
} as const;

/** 'John 3:16' or 'John 3:16-18'. */
export function noteReference(bookName: string, n: Pick<Note, 'chapter' | 'verse' | 'verseEnd'>): string {
  return `${bookName} ${n.chapter}:${n.verse}${n.verseEnd && n.verseEnd > n.verse ? `-${n.verseEnd}` : ''}`;
}
