import { notesMessages } from '@lectio/contracts/notes';
import { toast } from '../../../components/toast';
import { ApiError, apiRequest, positions } from '../../../lib/api';
import { currentOwner, NOTES_CHANGED, type NoteOp, ownOps, QUEUE_KEY, queuedOps, type QueuedOp } from './chapterNotes';

/*
 * The offline queue: every save and deletion is written here first and sent from here, oldest
 * first, one at a time, and leaves the queue only when the server has answered. A save carries
 * the note's own id, so one sent again (its answer lost, or two tabs sending) is still one note.
 */

function store(ops: readonly QueuedOp[]) {
  if (ops.length > 0) localStorage.setItem(QUEUE_KEY, JSON.stringify(ops));
  else localStorage.removeItem(QUEUE_KEY);
}

/**
 * Tells this tab's reader and /notes, and every other open tab, that notes changed. The other
 * tabs get the position of the writes, so their next read waits for them (read-your-writes).
 */
function announce() {
  window.dispatchEvent(new Event(NOTES_CHANGED));
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(NOTES_CHANGED);
  channel.postMessage(positions.current);
  channel.close();
}

/** Keeps a save or a deletion (it shows at once) and sends the queue. */
export function enqueue(op: NoteOp) {
  const owner = currentOwner();
  // The notes actions are on signed-in pages only; without a reader there is no one to save for.
  if (owner === null) return;
  store([...queuedOps(), { ...op, key: crypto.randomUUID(), owner }]);
  window.dispatchEvent(new Event(NOTES_CHANGED));
  void flushQueue();
}

async function send(): Promise<void> {
  let sent = false;
  for (let next = ownOps()[0]; next; next = ownOps()[0]) {
    try {
      if (next.op === 'save') await apiRequest('POST', '/api/notes', next.note);
      else await apiRequest('DELETE', `/api/notes/${encodeURIComponent(next.id)}`);
    } catch (err) {
      // Offline, the server away or the reader signed out: it waits for the connection, the next
      // visit or sign-in. A refusal (a verse that does not exist, a note already gone) never succeeds.
      if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 404)) break;
      if (err.status === 400)
        toast({
          title: 'A note could not be saved',
          description: err.serverMessage ?? notesMessages.unknownVerse,
          variant: 'destructive',
        });
    }
    const done = next.key;
    store(queuedOps().filter((o) => o.key !== done));
    sent = true;
  }
  if (sent) announce();
}

let running: Promise<void> | null = null;

/** Sends what waits, in order; one sender at a time across this browser's tabs (Web Locks where there are). */
export function flushQueue(): Promise<void> {
  if (running) return running;
  // The lock is held until the callback's promise settles, which is when this tab's sending ends.
  const sending = navigator.locks
    ? new Promise<void>(
        (resolve, reject) => void navigator.locks.request('lectio-notes-queue', () => send().then(resolve, reject)),
      )
    : send();
  const done = sending.finally(() => {
    running = null;
  });
  running = done;
  return done;
}
