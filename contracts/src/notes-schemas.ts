import { z } from 'zod';
import { findAnyBook } from './books';
import { CanonicalUuid } from './events';
import {
  NOTE_COLORS,
  NOTE_KINDS,
  NOTE_TEXT_MAX,
  NOTES_IMPORT_MAX,
  NOTES_PAGE_SIZE,
  type NoteEvent,
  notesMessages,
} from './notes';

/**
 * Zod schemas of the notes requests and events, for the servers. Whether the verse exists is
 * checked against the library's verse counts by the command side (contracts know only the books).
 */

const Position = z.coerce
  .number({ error: notesMessages.unknownVerse })
  .int(notesMessages.unknownVerse)
  .min(1, notesMessages.unknownVerse)
  .max(200, notesMessages.unknownVerse);
const Text = z.string().max(NOTE_TEXT_MAX, notesMessages.textTooLong);

const NoteFields = z.object({
  // Lower case: a uuid written in capitals is the same note (ids are compared as text).
  id: z
    .string({ error: notesMessages.idRequired })
    .uuid(notesMessages.idRequired)
    .transform((id) => id.toLowerCase()),
  kind: z.enum(NOTE_KINDS),
  book: z
    .string({ error: notesMessages.unknownBook })
    .refine((id) => findAnyBook(id) !== undefined, notesMessages.unknownBook),
  chapter: Position,
  verse: Position,
  verseEnd: Position.nullable()
    .optional()
    .transform((v) => v ?? null),
  color: z
    .enum(NOTE_COLORS, { error: notesMessages.colorRequired })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  text: Text.nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v)),
});

/** A highlight has a colour, a note has text, a range ends after it starts. */
const checked = <T extends z.infer<typeof NoteFields>>(schema: z.ZodType<T>) =>
  schema
    .refine((n) => n.kind !== 'highlight' || n.color !== null, {
      message: notesMessages.colorRequired,
      path: ['color'],
    })
    .refine((n) => n.kind !== 'note' || n.text !== null, { message: notesMessages.textRequired, path: ['text'] })
    .refine((n) => n.verseEnd === null || n.verseEnd > n.verse, {
      message: notesMessages.badRange,
      path: ['verseEnd'],
    });

export const NoteSaveRequestSchema = checked(NoteFields);
export type ParsedNoteSave = z.infer<typeof NoteSaveRequestSchema>;

/** Where a page of notes starts: after this note in Bible order (the keys the read model sorts by). */
export const NotesCursorSchema = z.object({
  rank: z.number().int().min(0),
  chapter: z.number().int().min(1),
  verse: z.number().int().min(1),
  verseEnd: z.number().int().min(0),
  id: z.string().uuid(),
});
export type NotesCursor = z.infer<typeof NotesCursorSchema>;

/** A cursor travels as base64url JSON: opaque to the client, checked when it comes back. */
export const encodeNotesCursor = (c: NotesCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
const decodeNotesCursor = (text: string): unknown => {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
};

export const NotesQuerySchema = z.object({
  book: z
    .string()
    .refine((id) => findAnyBook(id) !== undefined, notesMessages.unknownBook)
    .optional(),
  chapter: Position.optional(),
  limit: z.coerce.number().int().min(1).max(NOTES_PAGE_SIZE).optional().default(NOTES_PAGE_SIZE),
  cursor: z
    .string()
    .max(400)
    .transform((text, ctx) => {
      const parsed = NotesCursorSchema.safeParse(decodeNotesCursor(text));
      if (parsed.success) return parsed.data;
      ctx.addIssue({ code: 'custom', message: notesMessages.badCursor });
      return z.NEVER;
    })
    .optional(),
});

export const NotesExportQuerySchema = z.object({ format: z.enum(['markdown', 'json']).optional().default('json') });

export const NoteIdParamsSchema = z.object({ id: CanonicalUuid });

/** An export as POST /api/notes/import takes it back: the notes' own fields (their history stays with the account that wrote it). */
export const NotesImportRequestSchema = z.object({
  format: z.literal('lectio-notes', { error: notesMessages.badImport }),
  version: z.literal(1, { error: notesMessages.badImport }),
  notes: z
    .array(checked(NoteFields.extend({ createdAt: z.string().optional(), updatedAt: z.string().optional() })), {
      error: notesMessages.badImport,
    })
    .max(NOTES_IMPORT_MAX, notesMessages.tooMany),
});

const NoteSavedSchema = z.object({
  noteId: z.string().uuid(),
  kind: z.enum(NOTE_KINDS),
  book: z.string(),
  chapter: z.number().int().min(1),
  verse: z.number().int().min(1),
  verseEnd: z.number().int().min(1).nullable(),
  color: z.enum(NOTE_COLORS).nullable(),
  text: Text.nullable(),
  savedAt: z.string(),
});
const NoteDeletedSchema = z.object({ noteId: z.string().uuid(), deletedAt: z.string() });

export const noteEventSchemas: Record<NoteEvent['type'], z.ZodType> = {
  NoteSaved: NoteSavedSchema,
  NoteDeleted: NoteDeletedSchema,
};
