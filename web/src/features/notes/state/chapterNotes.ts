import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';
import type { Note, NoteColor, NoteSaveRequest } from '@lectio/contracts/notes';
import { positions } from '../../../lib/api';
import { fetchNotes } from '../api/fetch-notes';
import { authAtom } from '../../../lib/auth';
import { appStore } from '../../../lib/store';

/*
 * What the reader's first load needs of the notes: the chapter's notes (from the server, with the
 * saves still waiting in the offline queue on top) and the marks they put on verses. Saving, the
 * queue's sending and the dialogs load when a reader first uses them.
 */

/** Saves and deletions not yet acknowledged by the server, oldest first (localStorage, so a reload or a restart keeps them). */
export const QUEUE_KEY = 'lectio:notes-queue';
/** The BroadcastChannel between tabs, and the window event within one, saying the notes changed. */
export const NOTES_CHANGED = 'lectio-notes';

export type NoteOp = { op: 'save'; note: NoteSaveRequest } | { op: 'delete'; id: string };
/**
 * A queued op has a key of its own, so the one sent is the one taken off the queue, and its
 * reader's username: a browser shared by two readers sends each one's notes as that reader only.
 */
export type QueuedOp = NoteOp & { key: string; owner: string };

/** A note as shown: `pending` while it waits in the queue. */
export type ShownNote = Note & { pending?: boolean };

/** The signed-in reader (also while offline, as last known). */
export const currentOwner = (): string | null => appStore.get(authAtom).user?.username ?? null;

/** This reader's queued ops, oldest first. */
export const ownOps = (): QueuedOp[] => queuedOps().filter((o) => o.owner === currentOwner());

/** Every reader's queued ops in this browser. */
export function queuedOps(): QueuedOp[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored : [];
  } catch {
    return [];
  }
}

/** The server's notes with the queued saves and deletions applied, in order. */
export function withQueued(notes: readonly Note[], ops: readonly QueuedOp[]): ShownNote[] {
  const byId = new Map<string, ShownNote>(notes.map((n) => [n.id, n]));
  for (const o of ops) {
    if (o.op === 'delete') {
      byId.delete(o.id);
      continue;
    }
    const before = byId.get(o.note.id);
    const { verseEnd = null, color = null, text = null } = o.note;
    byId.set(o.note.id, {
      ...o.note,
      verseEnd,
      color,
      text,
      createdAt: before?.createdAt ?? '',
      updatedAt: '',
      history: before?.history ?? [],
      pending: true,
    });
  }
  return [...byId.values()];
}

/** The open chapter's notes (the reader's toolbar and passage read them). */
export const chapterNotesAtom = atom<ShownNote[]>([]);

export interface VerseMarks {
  color: NoteColor | null;
  note: boolean;
  bookmark: boolean;
}

/** What each verse shows: its highlight colour, a note mark, a bookmark mark (a range marks every verse in it). */
export function verseMarks(notes: readonly ShownNote[]): Map<number, VerseMarks> {
  const marks = new Map<number, VerseMarks>();
  for (const n of notes)
    for (let v = n.verse; v <= (n.verseEnd ?? n.verse); v++) {
      const m = marks.get(v) ?? { color: null, note: false, bookmark: false };
      if (n.kind === 'highlight') m.color = n.color;
      else if (n.kind === 'note') m.note = true;
      else m.bookmark = true;
      marks.set(v, m);
    }
  return marks;
}

/** Sends the queue if anything waits in it (its code loads only then). */
function sendQueued() {
  if (ownOps().length > 0) void import('./queue').then((q) => q.flushQueue());
}

/** Another tab's change: its writes' position is observed first, so the read that follows shows them. */
function listenToOtherTabs(refresh: () => void): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(NOTES_CHANGED);
  channel.addEventListener('message', (e: MessageEvent<unknown>) => {
    if (typeof e.data === 'string') positions.observe(e.data);
    refresh();
  });
  return channel;
}

/**
 * Keeps chapterNotesAtom on the chapter's notes: read when the chapter opens, again when this tab
 * or another one changes notes (BroadcastChannel), and when the reader comes back to the tab or
 * the connection returns (changes made on another device); queued saves are sent then too.
 */
export function useChapterNotes(book: string, chapter: number) {
  const set = useSetAtom(chapterNotesAtom);
  useEffect(() => {
    let server: Note[] = [];
    let latest = 0;
    let alive = true;
    const show = () =>
      alive && set(withQueued(server, ownOps()).filter((n) => n.book === book && n.chapter === chapter));
    const refresh = () => {
      // A save or deletion waiting shows at once; once the queue is sent, what it sent shows on
      // until the server's answer replaces it (showing the older answer first would flicker).
      if (ownOps().length > 0) show();
      const asked = ++latest;
      fetchNotes({ book, chapter }).then((notes) => {
        if (asked !== latest) return;
        server = notes;
        show();
      }, show);
    };
    set([]);
    const stop = watchNotes(refresh, show);
    return () => {
      alive = false;
      stop();
    };
  }, [book, chapter, set]);
}

/**
 * Sends the queue and calls `refresh` now, when this tab or another changes notes, and when the
 * reader comes back to the tab or the connection returns; `queueChanged` when another tab edits
 * the queue. Returns the function that stops watching.
 */
export function watchNotes(refresh: () => void, queueChanged: () => void): () => void {
  const back = () => {
    if (document.visibilityState !== 'visible') return;
    sendQueued();
    refresh();
  };
  const stored = (e: StorageEvent) => e.key === QUEUE_KEY && queueChanged();
  back();
  const channel = listenToOtherTabs(refresh);
  window.addEventListener(NOTES_CHANGED, refresh);
  window.addEventListener('storage', stored);
  window.addEventListener('online', back);
  window.addEventListener('focus', back);
  document.addEventListener('visibilitychange', back);
  return () => {
    channel?.close();
    window.removeEventListener(NOTES_CHANGED, refresh);
    window.removeEventListener('storage', stored);
    window.removeEventListener('online', back);
    window.removeEventListener('focus', back);
    document.removeEventListener('visibilitychange', back);
  };
}
