import type { RecordedEvent } from '@lectio/contracts/events';
import type { Db } from '../db';
import type { EventStore } from '../eventstore/port';
import type { Logger } from '../logger';
import { sleep } from '../time';
import type { ProjectionWatch } from './progress';
import { eventsOf, type Projection, projectEvents, readModelChanged } from './projection';
import { CheckpointMovedError, CheckpointWriter, advanceCheckpoint, readCheckpoint } from './checkpoints';

export interface RunOptions {
  db: Db;
  store: EventStore;
  projection: Projection;
  signal: AbortSignal;
  /** Events per transaction (default PROJECTION_BATCH of the engine). Each transaction writes rows and checkpoint together. */
  batchSize?: number;
  logger?: Logger;
  /** This process's read-your-writes waiters (the runtime's `progress`), told of each move at once. */
  watch?: ProjectionWatch;
  onCheckpoint?: (name: string, position: bigint) => void;
}

/**
 * Events per projection transaction. PGlite is one session in this thread: while a projector's
 * transaction is open every other query of the process waits for it, so its transactions are kept
 * short (25 events: tens of milliseconds). A server runs them beside other sessions.
 */
export const PROJECTION_BATCH = { pglite: 25, postgres: 200 } as const;

async function applyBatch(db: Db, projection: Projection, from: bigint, events: RecordedEvent[]) {
  const to = events[events.length - 1]!.position;
  await db.transaction(async (tx) => {
    await projectEvents(tx, projection, events);
    // Same transaction as the rows: a crash anywhere leaves both as they were.
    await advanceCheckpoint(tx, projection.name, from, to);
  });
  return to;
}

/**
 * Keeps a projection up to date until `signal` aborts. A batch with events it handles is written
 * with its checkpoint in one transaction; a batch of events it ignores only moves the checkpoint,
 * which is written later with the next ones (CheckpointWriter). Either way this process's
 * read-your-writes waiters hear of the move at once.
 */
export async function runProjection(options: RunOptions): Promise<void> {
  const { db, store, projection, signal, logger, watch } = options;
  while (!signal.aborted) {
    const inner = new AbortController();
    const stopInner = () => inner.abort();
    signal.addEventListener('abort', stopInner, { once: true });
    let checkpoint: CheckpointWriter | undefined;
    try {
      const stored = await readCheckpoint(db, projection.name);
      const writer = new CheckpointWriter(db, projection.name, stored, (err) => {
        if (err instanceof CheckpointMovedError) inner.abort();
        else logger?.error({ err, projection: projection.name }, 'projection checkpoint not written; retrying');
      });
      checkpoint = writer;
      await store.subscribe({
        after: stored,
        signal: inner.signal,
        batchSize: options.batchSize ?? PROJECTION_BATCH[db.engine],
        onEvents: async (events) => {
          const to = events[events.length - 1]!.position;
          try {
            if (eventsOf(events, projection.canHandle).length === 0) writer.later(to);
            else await writer.write(to, (tx) => projectEvents(tx, projection, events));
          } catch (err) {
            if (err instanceof CheckpointMovedError) inner.abort(); // resubscribe from the stored checkpoint
            throw err;
          }
          watch?.passed(projection.name, to);
          options.onCheckpoint?.(projection.name, to);
        },
        onError: (err) => {
          if (!(err instanceof CheckpointMovedError))
            logger?.error({ err, projection: projection.name }, 'projection failed; retrying');
        },
      });
    } catch (err) {
      logger?.error({ err, projection: projection.name }, 'projection runner failed; restarting');
      await sleep(1000, signal);
    } finally {
      await checkpoint?.close();
      signal.removeEventListener('abort', stopInner);
    }
  }
}

/** Empties a projection's tables and replays every event into them (npm run projections:rebuild). */
export async function rebuildProjection(
  db: Db,
  store: EventStore,
  projection: Projection,
  batchSize = 500,
): Promise<bigint> {
  await db.transaction(async (tx) => {
    readModelChanged(projection.name);
    for (const table of projection.tables) await tx.query(`DELETE FROM ${table}`);
    await tx.query('DELETE FROM projection_checkpoints WHERE name = $1', [projection.name]);
  });
  let position = 0n;
  for (;;) {
    const events = await store.readAll({ after: position, maxCount: batchSize });
    if (events.length === 0) return position;
    position = await applyBatch(db, projection, position, events);
  }
}

/**
 * Read-your-writes: waits until every named projection has passed `position`, at most `timeoutMs`.
 * Event-driven (the projector's checkpoint commit wakes it, see progress.ts), not polling.
 */
export async function waitForProjections(
  watch: ProjectionWatch,
  names: string[],
  position: bigint,
  timeoutMs: number,
): Promise<boolean> {
  return (await watch.wait(names, position, timeoutMs)) === 'reached';
}
