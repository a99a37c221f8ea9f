import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a chain of awaited work may hold the event loop before it lets others in. */
const SLICE_MS = 8;
let sliceStarted = performance.now();
let turnWatched = false;

/**
 * Awaited before a step of work whose promise settles without waiting for I/O (a PGlite statement
 * runs in this thread): once the current run of the event loop has lasted SLICE_MS, it waits for
 * the next turn, so other requests are served between the steps of a long chain (a transaction,
 * a projector's batch, a large append) instead of after all of it. A short chain never waits.
 */
export async function fairTurn(): Promise<void> {
  if (!turnWatched) {
    turnWatched = true;
    // Runs when this run of the loop ends, however it ends: the next run starts a new slice.
    setImmediate(() => {
      turnWatched = false;
      sliceStarted = performance.now();
    });
  }
  if (performance.now() - sliceStarted < SLICE_MS) return;
  await nextTurn();
  sliceStarted = performance.now();
}
