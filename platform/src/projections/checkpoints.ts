import type { Db, Queryable } from '../db';
import type { Migration } from '../migrations';
import { CHECKPOINT_CHANNEL } from './progress';
import { SerialQueue } from '../serial-queue';

export const checkpointMigrations: Migration[] = [
  {
    id: '002_checkpoints',
    sql: `
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name TEXT PRIMARY KEY,
  position BIGINT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS inbox (
  consumer TEXT NOT NULL,
  event_id UUID NOT NULL,
  handled_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);`,
  },
];

export async function readCheckpoint(q: Queryable, name: string): Promise<bigint> {
  const r = await q.query<{ p: string }>('SELECT position::text AS p FROM projection_checkpoints WHERE name = $1', [
    name,
  ]);
  return r.rows[0] ? BigInt(r.rows[0].p) : 0n;
}

export class CheckpointMovedError extends Error {
  constructor(readonly name: string) {
    super(`Checkpoint of ${name} was moved by someone else`);
  }
}

// Delivered at commit to every listener on the database: the read-your-writes waiters (progress.ts).
const NOTIFY = `pg_notify('${CHECKPOINT_CHANNEL}', name || ':' || position::text)`;

/**
 * Moves a checkpoint from `from` to `to` inside the caller's transaction, and signals the move. Compare-and-set: if another
 * runner (a second instance, or a rebuild) moved it meanwhile, the transaction is abandoned.
 */
export async function advanceCheckpoint(tx: Queryable, name: string, from: bigint, to: bigint): Promise<void> {
  // Only a runner starting from zero may create the row: a runner whose row vanished (a rebuild
  // deleted it) must not recreate it at its old position over the rebuild's emptied tables.
  const r =
    from === 0n
      ? await tx.query(
          `INSERT INTO projection_checkpoints (name, position) VALUES ($1, $2::bigint)
           ON CONFLICT (name) DO UPDATE SET position = $2::bigint, updated_at = now() WHERE projection_checkpoints.position = 0
           RETURNING ${NOTIFY}`,
          [name, to.toString()],
        )
      : await tx.query(
          `UPDATE projection_checkpoints SET position = $3::bigint, updated_at = now() WHERE name = $1 AND position = $2::bigint
           RETURNING ${NOTIFY}`,
          [name, from.toString(), to.toString()],
        );
  if (r.rowCount !== 1) throw new CheckpointMovedError(name);
}

/**
 * Runs `handle` at most once per (consumer, event id), in one transaction with its effects:
 * the inbox that makes bus consumers idempotent beyond JetStream's duplicate window.
 */
export async function handleOnce(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  consumer: string,
  eventId: string,
  handle: (tx: Queryable) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.query('INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      consumer,
      eventId,
    ]);
    if (r.rowCount === 0) return false;
    await handle(tx);
    return true;
  });
}

/** Every checkpoint (projections, the relay, schedules), for the operations view. */
export async function readCheckpoints(q: Queryable): Promise<{ name: string; position: bigint; updatedAt: string }[]> {
  const r = await q.query<{ name: string; position: string; updated_at: Date | string }>(
    'SELECT name, position::text AS position, updated_at FROM projection_checkpoints ORDER BY name',
  );
  return r.rows.map((row) => ({
    name: row.name,
    position: BigInt(row.position),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

/** How many events a consumer's inbox has handled, and when the last one was. */
export async function readInboxState(
  q: Queryable,
  consumer: string,
): Promise<{ handled: number; lastHandledAt: string | null }> {
  const r = await q.query<{ handled: string; last: Date | string | null }>(
    'SELECT count(*)::text AS handled, max(handled_at) AS last FROM inbox WHERE consumer = $1',
    [consumer],
  );
  const row = r.rows[0];
  return { handled: Number(row?.handled ?? 0), lastHandledAt: row?.last ? new Date(row.last).toISOString() : null };
}

/** How long a move over events that changed nothing may wait to be written (coalesced with the next ones). */
export const DEFERRED_CHECKPOINT_MS = 100;

/**
 * One follower's checkpoint (a projection, the relay). A move that comes with rows is written in
 * their transaction at once; a move over events that changed nothing (`later`) is kept in memory
 * and written once for all of them within DEFERRED_CHECKPOINT_MS, instead of a transaction per
 * event for every follower. A crash loses only such moves: the events are read again and change
 * nothing again (the relay's repeats are dropped by message id and inbox). Writes are serialised;
 * a compare-and-set that finds the row moved by someone else (a rebuild) is thrown from the next
 * `write` or `later`, so the follower starts again from the stored checkpoint.
 */
export class CheckpointWriter {
  private pending: bigint | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly queue = new SerialQueue();
  private moved: CheckpointMovedError | undefined;
  private closed = false;

  constructor(
    private readonly db: Db,
    readonly name: string,
    /** The position stored in the table. */
    private stored: bigint,
    private readonly onError?: (err: unknown) => void,
  ) {}

  /** Moves the checkpoint to `to` in one transaction with `rows`. */
  write(to: bigint, rows?: (tx: Queryable) => Promise<void>): Promise<void> {
    this.throwIfMoved();
    if (this.pending !== undefined && this.pending <= to) this.pending = undefined;
    return this.serially(() =>
      this.db.transaction(async (tx) => {
        await rows?.(tx);
        await advanceCheckpoint(tx, this.name, this.stored, to);
      }),
    ).then(() => {
      this.stored = to;
    });
  }

  /** Moves the checkpoint over events that changed nothing: written within DEFERRED_CHECKPOINT_MS. */
  later(to: bigint) {
    this.throwIfMoved();
    this.pending = to;
    if (this.closed) return;
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((err) => this.onError?.(err));
    }, DEFERRED_CHECKPOINT_MS).unref();
  }

  /** Writes a deferred move one last time (the follower stops); nothing is scheduled after. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush().catch(() => {});
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Writes a deferred move now (on stop, and from the timer). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const to = this.pending;
    if (to === undefined || to <= this.stored) return;
    try {
      await this.write(to);
    } catch (err) {
      if (err instanceof CheckpointMovedError) this.moved = err;
      // Kept for the next try: the database may be back by then.
      else if (this.pending === undefined) this.later(to);
      throw err;
    }
  }

  private throwIfMoved() {
    if (this.moved) throw this.moved;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(work);
  }
}
