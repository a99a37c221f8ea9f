import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  type NoteDeletedResponse,
  type NoteSavedResponse,
  NOTES_IMPORTS_PER_HOUR,
  type NotesImportResponse,
  notesMessages,
} from '@lectio/contracts/notes';
import {
  NoteIdParamsSchema,
  NoteSaveRequestSchema,
  NotesImportRequestSchema,
  type ParsedNoteSave,
} from '@lectio/contracts/notes-schemas';
import { lastVerse } from '@lectio/library';
import { requireUser, type Runtime, type ServiceModule, signedInFirst } from '@lectio/platform';
import { RateLimiter, useZodRouteSchemas } from '@lectio/platform/http';
import { answerPosition, metadataFor } from '../http/answers';
import { NoteNotFound, UnknownNoteVerse } from './errors';
import type { NoteContent } from './notes-decider';
import { notesStream } from './notes-stream';

// A 10,000-character note, every character escaped in JSON, fits; an import carries many.
const SAVE_BODY_LIMIT = 256 * 1024;
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/** The reader's highlights, notes and bookmarks: free for every signed-in reader. Reads are the query side's. */
export function notesModule(rt: Runtime): ServiceModule {
  return { name: 'notes', routes: (app) => registerNotesRoutes(app, rt) };
}

/** A note's verses must be verses the library holds (either translation's count); `prefix` names the field. */
function content(n: ParsedNoteSave, prefix = ''): NoteContent {
  const last = lastVerse(n.book, n.chapter);
  if (last === 0) throw new UnknownNoteVerse(`${prefix}chapter`);
  if (n.verse > last) throw new UnknownNoteVerse(`${prefix}verse`);
  if (n.verseEnd !== null && n.verseEnd > last) throw new UnknownNoteVerse(`${prefix}verseEnd`);
  return {
    noteId: n.id,
    kind: n.kind,
    book: n.book,
    chapter: n.chapter,
    verse: n.verse,
    verseEnd: n.verseEnd,
    color: n.color,
    text: n.text,
  };
}

/** POST /api/notes, DELETE /api/notes/:id, POST /api/notes/import. */
async function registerNotesRoutes(app: FastifyInstance, rt: Runtime) {
  const notes = notesStream(rt.store);
  const now = () => rt.clock.now().toISOString();
  const imports = new RateLimiter(
    rt.db,
    { notesImportPerReader: { max: NOTES_IMPORTS_PER_HOUR, windowMs: 3_600_000 } },
    notesMessages.tooManyImports,
    () => rt.clock.now(),
  );

  useZodRouteSchemas(app, { refuseJsonNull: false });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/notes',
    { bodyLimit: SAVE_BODY_LIMIT, onRequest: signedInFirst, schema: { body: NoteSaveRequestSchema } },
    async (req, reply): Promise<NoteSavedResponse> => {
      const { userId } = await requireUser(req);
      const note = content(req.body);
      const { events, position } = await notes.handle(
        userId,
        { type: 'SaveNote', note, at: now() },
        metadataFor(req, { type: 'user', id: userId }),
      );
      answerPosition(reply, position);
      return { note: { id: note.noteId }, changed: events.length > 0 };
    },
  );

  app.delete<{ Reply: NoteDeletedResponse }>('/api/notes/:id', async (req, reply) => {
    const { userId } = await requireUser(req);
    // An id that is not a uuid names no note of anyone's.
    const params = NoteIdParamsSchema.safeParse(req.params);
    if (!params.success) throw new NoteNotFound();
    const { id } = params.data;
    const { position } = await notes.handle(
      userId,
      { type: 'DeleteNote', noteId: id, at: now() },
      metadataFor(req, { type: 'user', id: userId }),
    );
    answerPosition(reply, position);
    return { id, deleted: true };
  });

  routes.post(
    '/api/notes/import',
    { bodyLimit: IMPORT_BODY_LIMIT, onRequest: signedInFirst, schema: { body: NotesImportRequestSchema } },
    async (req, reply): Promise<NotesImportResponse> => {
      const { userId } = await requireUser(req);
      const { body } = req;
      await imports.enforce(reply, [['notesImportPerReader', userId]]);
      const list = body.notes.map((n, i) => content(n, `notes.${i}.`));
      const { events, position } = await notes.handle(
        userId,
        { type: 'ImportNotes', notes: list, at: now() },
        metadataFor(req, { type: 'user', id: userId }),
      );
      answerPosition(reply, position);
      return { imported: events.length, unchanged: list.length - events.length };
    },
  );
}
