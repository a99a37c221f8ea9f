import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ALL_BOOKS, findAnyBook } from '@lectio/contracts/books';
import {
  NOTE_COLORS,
  NOTE_KINDS,
  NOTE_TEXT_MAX,
  type Note,
  type NoteKind,
  noteReference,
  notesMessages,
} from '@lectio/contracts/notes';
import { Header } from '../../../components/Header';
import { PageHeading } from '../../../components/PageHeading';
import { BookmarkIcon, NoteIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button, buttonClass } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { fetchNotes } from '../api/fetch-notes';
import { deleteNote, importNotes, saveNote } from '../api/notes';
import { NOTES_CHANGED, ownOps, type ShownNote, watchNotes, withQueued } from '../state/chapterNotes';
import { useVerseTexts, verseTextOf } from '../state/verseTexts';
import { colorName } from './colors';
import { paths } from '../../../lib/paths';

const KIND_NAMES: Record<NoteKind, string> = { highlight: 'Highlights', note: 'Notes', bookmark: 'Bookmarks' };
const bookName = (id: string) => findAnyBook(id)?.name ?? id;
// Canonical order across both testaments: Genesis first, Revelation last.
const canonical = new Map(ALL_BOOKS.map((b, i) => [b.id, i]));
const bookOrder = (id: string) => canonical.get(id) ?? Number.MAX_SAFE_INTEGER;
const inBibleOrder = (a: ShownNote, b: ShownNote) =>
  bookOrder(a.book) - bookOrder(b.book) || a.chapter - b.chapter || a.verse - b.verse;
const readerHref = (n: Note) => `${paths.home}?book=${n.book}&chapter=${n.chapter}&verse=${n.verse}`;

/** Every note of the reader, kept current as the reader's own notes are (this tab, other tabs, the queue, focus). */
function useAllNotes(): { notes: ShownNote[] | null; failed: boolean } {
  const [server, setServer] = useState<Note[] | null>(null);
  const [queued, setQueued] = useState(ownOps);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let latest = 0;
    const refresh = () => {
      // As in the reader: what the queue sent shows on until the server's answer replaces it.
      const waiting = ownOps();
      if (waiting.length > 0) setQueued(waiting);
      const asked = ++latest;
      fetchNotes().then(
        (all) => {
          if (asked !== latest) return;
          setServer(all);
          setQueued(ownOps());
          setFailed(false);
        },
        () => {
          setQueued(ownOps());
          setFailed(true);
        },
      );
    };
    return watchNotes(refresh, () => setQueued(ownOps()));
  }, []);
  const notes = useMemo(
    () => (server === null && queued.length === 0 ? null : withQueued(server ?? [], queued).sort(inBibleOrder)),
    [server, queued],
  );
  return { notes, failed };
}

const fieldClass =
  'h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink outline-none focus:border-accent';

/** /notes: the reader's highlights, notes and bookmarks, searched and filtered, each opening its verse. */
export default function NotesPage() {
  const { notes, failed } = useAllNotes();
  const verseTexts = useVerseTexts(notes);
  const [query, setQuery] = useState('');
  const [book, setBook] = useState('');
  const [color, setColor] = useState('');
  const [kind, setKind] = useState('');
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = 'My notes · Lectio';
    return () => {
      document.title = 'Lectio';
    };
  }, []);

  const books = useMemo(() => ALL_BOOKS.filter((b) => notes?.some((n) => n.book === b.id)), [notes]);
  const words = query.trim().toLowerCase();
  const shown = (notes ?? []).filter(
    (n) =>
      (!book || n.book === book) &&
      (!color || n.color === color) &&
      (!kind || n.kind === kind) &&
      (!words || `${noteReference(bookName(n.book), n)} ${n.text ?? ''}`.toLowerCase().includes(words)),
  );

  const onImport = async (picked: File | undefined) => {
    if (!picked) return;
    try {
      const parsed: unknown = JSON.parse(await picked.text());
      const r = await importNotes(parsed);
      toast({
        title: `Imported ${r.imported} ${r.imported === 1 ? 'note' : 'notes'}`,
        description: r.unchanged ? `${r.unchanged} were already here.` : undefined,
      });
      window.dispatchEvent(new Event(NOTES_CHANGED));
    } catch (err) {
      const description =
        err instanceof ApiError ? err.serverMessage : 'That file is not a Lectio notes export (JSON).';
      toast({ title: 'Import failed', description, variant: 'destructive' });
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  return (
    <>
      <Header />
      <main id="main" className="mx-auto w-full max-w-3xl px-5 py-10">
        <PageHeading icon={<NoteIcon />} title="My notes" />

        <search className="mb-6 grid gap-3 sm:grid-cols-4" aria-label="Find notes">
          <label className="grid gap-1 text-sm font-medium sm:col-span-4">
            Search
            <input
              type="search"
              className={fieldClass}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Words or a reference"
            />
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Book
            <select className={fieldClass} value={book} onChange={(e) => setBook(e.target.value)}>
              <option value="">All books</option>
              {books.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Kind
            <select className={fieldClass} value={kind} onChange={(e) => setKind(e.target.value)}>
              <option value="">Everything</option>
              {NOTE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {KIND_NAMES[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm font-medium">
            Colour
            <select className={fieldClass} value={color} onChange={(e) => setColor(e.target.value)}>
              <option value="">Any colour</option>
              {NOTE_COLORS.map((c) => (
                <option key={c} value={c}>
                  {colorName(c)}
                </option>
              ))}
            </select>
          </label>
        </search>

        {failed && notes === null && (
          <p role="alert" className="rounded-xl border border-danger/40 bg-danger-soft p-4 text-sm text-danger">
            Your notes could not be loaded. Check your connection and try again.
          </p>
        )}
        {notes === null && !failed && <p className="text-muted">Loading your notes...</p>}
        {notes !== null && notes.length === 0 && (
          <p className="text-muted">
            No notes yet. In the{' '}
            <Link to={paths.home} className="text-accent underline">
              Bible Reader
            </Link>
            , click a verse to highlight it, write a note or bookmark it.
          </p>
        )}
        {notes !== null && notes.length > 0 && (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {shown.length} of {notes.length} shown
            </p>
            <ul className="grid gap-3" aria-label="Notes">
              {shown.map((n) => (
                <NoteItem key={n.id} note={n} verseText={verseTextOf(verseTexts, n)} />
              ))}
            </ul>
          </>
        )}

        {/* Searching comes first; taking the notes out or bringing them in is the rarer errand, at the end. */}
        <section
          aria-labelledby="notes-files"
          className="mt-8 flex flex-wrap items-center gap-2 border-t border-line pt-6"
        >
          <h2 id="notes-files" className="w-full text-sm font-medium text-muted">
            Export and import
          </h2>
          <a href="/api/notes/export?format=markdown" download className={buttonClass('outline', 'sm')}>
            Export Markdown
          </a>
          <a href="/api/notes/export?format=json" download className={buttonClass('outline', 'sm')}>
            Export JSON
          </a>
          <Button variant="outline" size="sm" onClick={() => file.current?.click()}>
            Import JSON
          </Button>
          <input
            ref={file}
            type="file"
            accept="application/json,.json"
            aria-label="Import notes from a JSON export"
            className="sr-only"
            tabIndex={-1}
            onChange={(e) => void onImport(e.target.files?.[0])}
          />
        </section>
      </main>
    </>
  );
}

function NoteItem({ note: n, verseText }: { note: ShownNote; verseText: string | null }) {
  const reference = noteReference(bookName(n.book), n);
  const earlier = n.history.filter((v) => v.text);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Saving or cancelling hands the keyboard back to the Edit button, not to the top of the page.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return (
    <li className="rounded-xl border border-line bg-surface p-4" data-kind={n.kind}>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={readerHref(n)} className="font-semibold text-accent underline-offset-2 hover:underline">
          {reference}
        </Link>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-raised px-2 py-0.5 text-xs text-ink">
          {n.kind === 'highlight' && (
            <span
              aria-hidden="true"
              className="size-3 rounded-full border border-line"
              data-swatch={n.color ?? 'yellow'}
            />
          )}
          {n.kind === 'note' && <NoteIcon width={12} height={12} />}
          {n.kind === 'bookmark' && <BookmarkIcon width={12} height={12} />}
          {n.kind === 'highlight'
            ? `Highlight, ${colorName(n.color ?? 'yellow').toLowerCase()}`
            : n.kind === 'note'
              ? 'Note'
              : 'Bookmark'}
        </span>
        {n.pending && <span className="text-xs text-muted">Waiting to be sent</span>}
        {n.kind === 'note' && !editing && (
          <Button
            ref={editButton}
            variant="ghost"
            size="sm"
            className="ml-auto"
            aria-label={`Edit note on ${reference}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className={n.kind === 'note' && !editing ? '' : 'ml-auto'}
          aria-label={`Delete ${n.kind} on ${reference}`}
          onClick={() => deleteNote(n.id)}
        >
          Delete
        </Button>
      </div>
      {verseText && (
        <blockquote className="mt-2 border-l-2 border-line pl-3 font-serif leading-relaxed text-ink">
          {verseText}
        </blockquote>
      )}
      {editing ? (
        <NoteEditor note={n} reference={reference} onDone={() => setEditing(false)} />
      ) : (
        n.text && <p className="mt-2 whitespace-pre-wrap text-ink">{n.text}</p>
      )}
      {earlier.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-muted">Earlier versions ({earlier.length})</summary>
          <ul className="mt-2 grid gap-2">
            {earlier.map((v, i) => (
              <li key={i} className="whitespace-pre-wrap rounded-md bg-raised p-2">
                <span className="block text-xs text-muted">{new Date(v.savedAt).toLocaleString()}</span>
                {v.text}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

/** A note's text edited in place (saved through the offline queue, like the reader's Note dialog). */
function NoteEditor({ note, reference, onDone }: { note: ShownNote; reference: string; onDone(): void }) {
  const [text, setText] = useState(note.text ?? '');
  const tooLong = text.length > NOTE_TEXT_MAX;
  return (
    <form
      className="mt-2 grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (tooLong || text.trim() === '') return;
        saveNote({
          id: note.id,
          kind: 'note',
          book: note.book,
          chapter: note.chapter,
          verse: note.verse,
          verseEnd: note.verseEnd,
          text,
        });
        onDone();
      }}
    >
      <label className="grid gap-1 text-sm font-medium">
        Note on {reference}
        <textarea
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the reader just asked to edit this note
          autoFocus
          rows={5}
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone();
          }}
          className={`${fieldClass.replace('h-10 ', '')} py-2`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {tooLong && (
        <p role="alert" className="text-xs text-danger">
          {notesMessages.textTooLong}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={tooLong || text.trim() === ''}>
          Save note
        </Button>
      </div>
    </form>
  );
}
