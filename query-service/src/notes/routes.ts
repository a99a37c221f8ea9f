import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findAnyBook } from '@lectio/contracts/books';
import {
  DOWNLOADS_PER_HOUR,
  type Note,
  type NotesExport,
  type NotesResponse,
  noteReference,
  notesMessages,
} from '@lectio/contracts/notes';
import { encodeNotesCursor, NotesExportQuerySchema, NotesQuerySchema } from '@lectio/contracts/notes-schemas';
import { jsonObjectStream, RateLimiter, useZodRouteSchemas } from '@lectio/platform/http';
import { requireUser, type Runtime, signedInFirst } from '@lectio/platform';
import { allNotes, readNotesPage } from '@lectio/projections';
import { escapeMarkdown } from './markdown';

const bookName = (id: string) => findAnyBook(id)?.name ?? id;

/** The Markdown export, a note at a time: a heading per book, one list item per note, its earlier texts beneath, every text escaped. */
async function* notesMarkdown(pages: AsyncIterable<Note[]>, exportedAt: string): AsyncGenerator<string> {
  yield `# My Lectio notes\n\nExported ${exportedAt.slice(0, 10)}.\n`;
  const indented = (text: string, indent: string) => escapeMarkdown(text).replace(/\r?\n/g, `\n${indent}`);
  let book = '';
  for await (const notes of pages) {
    const lines: string[] = [];
    for (const n of notes) {
      if (n.book !== book) {
        book = n.book;
        lines.push('', `## ${bookName(n.book)}`, '');
      }
      const what =
        n.kind === 'highlight' ? `Highlight (${n.color ?? 'yellow'})` : n.kind === 'note' ? 'Note' : 'Bookmark';
      const text = n.text ? `: ${indented(n.text, '  ')}` : '';
      lines.push(`- **${noteReference(bookName(n.book), n)}**, ${what}${text}`);
      for (const v of n.history)
        if (v.text) lines.push(`  - earlier (${v.savedAt.slice(0, 10)}): ${indented(v.text, '    ')}`);
    }
    yield `${lines.join('\n')}\n`;
  }
}

/**
 * GET /api/notes (a page at a time) and GET /api/notes/export (streamed, a page of notes at a
 * time, so a reader with many notes neither holds the server's memory nor its event loop), from
 * the reader-notes read model (they wait for the reader's own writes).
 */
export async function registerNotesQueries(q: FastifyInstance, rt: Pick<Runtime, 'db' | 'clock'>) {
  const downloads = new RateLimiter(
    rt.db,
    { notesExportPerReader: { max: DOWNLOADS_PER_HOUR, windowMs: 3_600_000 } },
    notesMessages.tooManyDownloads,
    () => rt.clock.now(),
  );
  useZodRouteSchemas(q, { refuseJsonNull: false });
  const routes = q.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/notes',
    { preValidation: signedInFirst, schema: { querystring: NotesQuerySchema } },
    async (req, reply): Promise<NotesResponse> => {
      const { userId } = await requireUser(req);
      const { book, chapter, limit, cursor } = req.query;
      reply.header('Cache-Control', 'no-store');
      const page = await readNotesPage(rt.db, userId, {
        book,
        chapter: book ? chapter : undefined,
        after: cursor,
        limit,
      });
      return { notes: page.notes, nextCursor: page.next ? encodeNotesCursor(page.next) : null };
    },
  );

  routes.get(
    '/api/notes/export',
    { preValidation: signedInFirst, schema: { querystring: NotesExportQuerySchema } },
    async (req, reply) => {
      const { userId } = await requireUser(req);
      const { format } = req.query;
      await downloads.enforce(reply, [['notesExportPerReader', userId]]);
      const exportedAt = rt.clock.now().toISOString();
      const day = exportedAt.slice(0, 10);
      const pages = allNotes(rt.db, userId);
      reply.header('Cache-Control', 'no-store');
      if (format === 'markdown') {
        reply
          .header('Content-Type', 'text/markdown; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="lectio-notes-${day}.md"`);
        return reply.send(Readable.from(notesMarkdown(pages, exportedAt)));
      }
      // The shape POST /api/notes/import takes back: NotesExport, its notes streamed.
      const head: Omit<NotesExport, 'notes'> = { format: 'lectio-notes', version: 1, exportedAt };
      reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="lectio-notes-${day}.json"`);
      return reply.send(jsonObjectStream({ ...head }, { notes: pages }));
    },
  );
}
