import type { FastifyInstance } from 'fastify';
import { findBook } from '@lectio/contracts/books';
import { type Note, type NotesExport, type NotesResponse, noteReference } from '@lectio/contracts/notes';
import { NotesExportQuerySchema, NotesQuerySchema } from '@lectio/contracts/notes-schemas';
import { parse } from '@lectio/platform/http';
import { requireUser, type Runtime } from '@lectio/platform';
import { readNotes } from '@lectio/projections';

const bookOrder = (id: string) => findBook(id)?.order ?? Number.MAX_SAFE_INTEGER;
const bookName = (id: string) => findBook(id)?.name ?? id;

/** In Bible order: book, chapter, verse (a whole range after a single verse where they start together). */
const inBibleOrder = (notes: Note[]) =>
  [...notes].sort((a, b) => bookOrder(a.book) - bookOrder(b.book) || a.chapter - b.chapter || a.verse - b.verse || (a.verseEnd ?? 0) - (b.verseEnd ?? 0));

/** The Markdown export: a heading per book, one list item per note, its earlier texts beneath. */
function notesMarkdown(notes: Note[], exportedAt: string): string {
  const lines = ['# My Lectio notes', '', `Exported ${exportedAt.slice(0, 10)}.`];
  let book = '';
  for (const n of notes) {
    if (n.book !== book) {
      book = n.book;
      lines.push('', `## ${bookName(n.book)}`, '');
    }
    const what = n.kind === 'highlight' ? `Highlight (${n.color ?? 'yellow'})` : n.kind === 'note' ? 'Note' : 'Bookmark';
    const text = n.text ? `: ${n.text.replace(/\r?\n/g, '\n  ')}` : '';
    lines.push(`- **${noteReference(bookName(n.book), n)}**, ${what}${text}`);
    for (const v of n.history) if (v.text) lines.push(`  - earlier (${v.savedAt.slice(0, 10)}): ${v.text.replace(/\r?\n/g, '\n    ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** GET /api/notes and GET /api/notes/export, from the reader-notes read model (they wait for the reader's own writes). */
export async function registerNotesQueries(q: FastifyInstance, rt: Pick<Runtime, 'db' | 'clock'>) {
  q.get('/api/notes', async (req, reply): Promise<NotesResponse> => {
    const { userId } = await requireUser(req);
    const { book, chapter } = parse(NotesQuerySchema, req.query);
    reply.header('Cache-Control', 'no-store');
    return { notes: inBibleOrder(await readNotes(rt.db, userId, { book, chapter: book ? chapter : undefined })) };
  });

  q.get('/api/notes/export', async (req, reply): Promise<NotesExport | string> => {
    const { userId } = await requireUser(req);
    const { format } = parse(NotesExportQuerySchema, req.query);
    const notes = inBibleOrder(await readNotes(rt.db, userId));
    const exportedAt = rt.clock.now().toISOString();
    const day = exportedAt.slice(0, 10);
    reply.header('Cache-Control', 'no-store');
    if (format === 'markdown') {
      reply.header('Content-Type', 'text/markdown; charset=utf-8').header('Content-Disposition', `attachment; filename="lectio-notes-${day}.md"`);
      return notesMarkdown(notes, exportedAt);
    }
    reply.header('Content-Disposition', `attachment; filename="lectio-notes-${day}.json"`);
    return { format: 'lectio-notes', version: 1, exportedAt, notes };
  });
}
