import { type Db, isUniqueViolation, type Queryable } from '../db';
import type { Migration } from '../migrations';
import { sleep } from '../time';
import { appendBatchMigration, createAppendBatcher, newestStored } from './postgres-append-batch';
import {
  checkExpectedVersion,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './port';

export const eventStoreMigrations: Migration[] = [
  {
    id: '001_event_store',
    sql: `
CREATE TABLE IF NOT EXISTS es_events (
  global_position BIGSERIAL PRIMARY KEY,
  stream_id TEXT NOT NULL,
  stream_position BIGINT NOT NULL,
  event_id UUID NOT NULL UNIQUE,
  type TEXT NOT NULL,
  schema_version INT NOT NULL,
  data JSONB NOT NULL,
  metadata JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (stream_id, stream_position)
);`,
  },
  appendBatchMigration,
];

/**
 * Appends serialise on one transaction-scoped advisory lock (the commit lock). A sequence value is
 * only drawn while holding it, and PostgreSQL makes a commit visible before it releases locks, so
 * global positions become visible strictly in order: a reader that has seen position N can never
 * later find a committed event below N. That closes the sequence-gap problem (a later position
 * visible before an earlier transaction commits) at the cost of serialising writers, which the
 * bench measures. Rolled-back appends leave harmless holes.
 */
const COMMIT_LOCK = 7426002;
/** Rows per INSERT statement of an append (see insert). */
const INSERT_ROWS = 250;
const NOTIFY_CHANNEL = 'lectio_events';

interface Row {
  pos: string;
  stream_id: string;
  rev: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  created_at: Date | string;
}

// Aliases differ from the column names: ORDER BY an alias of a ::text cast would sort as text.
const COLUMNS = `global_position::text AS pos, stream_id, stream_position::text AS rev,
  event_id::text AS event_id, type, schema_version, data, metadata, created_at`;

function toRecorded(r: Row): RecordedEvent {
  return {
    id: r.event_id,
    type: r.type,
    schemaVersion: r.schema_version,
    data: r.data,
    metadata: r.metadata,
    streamId: r.stream_id,
    revision: BigInt(r.rev),
    position: BigInt(r.pos),
    createdAt: new Date(r.created_at),
  };
}

/** The newest appends kept in memory on the embedded database (see RecentEvents). */
const RECENT_EVENTS = 5000;
/** Streams whose head revision is kept in memory on the embedded database. */
const RECENT_HEADS = 50_000;

/**
 * On the embedded database this process makes every append, so it can keep the events it appended
 * last: every event after `from` is in `events`. The projections, the relay and the policies each
 * follow the log; they catch up from here instead of each reading the table after every append.
 * For the same reason it knows the head of every stream it appended to: a command's catch-up read
 * past that head is answered without a query, and an append to it needs no look-up first.
 */
class RecentEvents {
  private events: RecordedEvent[] = [];
  private from: bigint | undefined;
  /** The revision of each stream's newest event, for the streams appended to here (bounded). */
  private readonly heads = new Map<string, bigint>();

  /** The stream's newest revision (-1 when it has none), when this process has appended to it. */
  headOf(streamId: string): bigint | undefined {
    return this.heads.get(streamId);
  }

  /** Raises a stream's known head after a commit (never lowers it: a late caller may know less). */
  raiseHead(streamId: string, revision: bigint) {
    const known = this.heads.get(streamId);
    if (known !== undefined && known >= revision) return;
    this.heads.delete(streamId);
    this.heads.set(streamId, revision);
    if (this.heads.size > RECENT_HEADS) this.heads.delete(this.heads.keys().next().value!);
  }

  forgetHead(streamId: string) {
    this.heads.delete(streamId);
  }

  /** Events after `after` (at most `max`), or undefined when memory does not reach back that far. */
  after(after: bigint, max: number): RecordedEvent[] | undefined {
    if (this.from === undefined || after < this.from) return undefined;
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.events[mid]!.position <= after) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo, lo + max);
  }

  /** An append just committed (appends are serialised, so each comes after the last). */
  add(appended: RecordedEvent[]) {
    const first = appended[0]!.position;
    const last = this.events[this.events.length - 1];
    if (last && last.position >= first) {
      // Out of order: an earlier append may be missing, so memory is not trusted until the next.
      this.forget();
      return;
    }
    if (this.from === undefined) this.from = first - 1n;
    this.events.push(...appended);
    if (this.events.length > RECENT_EVENTS) {
      const dropped = this.events.splice(0, this.events.length - RECENT_EVENTS);
      this.from = dropped[dropped.length - 1]!.position;
    }
  }

  forget() {
    this.events = [];
    this.from = undefined;
  }
}

export function createPostgresEventStore(db: Db, options: { pollIntervalMs?: number } = {}): EventStore {
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  // The store's own memory: on the embedded database the runtime's one store makes every append.
  const recent = db.engine === 'pglite' ? new RecentEvents() : undefined;
  // A server is shared with other processes: appends go grouped, in one statement each group.
  const appendBatched = db.engine === 'postgres' ? createAppendBatcher(db, COMMIT_LOCK, NOTIFY_CHANNEL) : undefined;
  // Wakes in-process subscribers at once; other processes hear NOTIFY (or poll).
  const waiters = new Set<() => void>();
  /**
   * Counts what this store has heard of since it opened: a new head (an append here, a higher
   * position in a notification) or a listener back after an outage. A read started before the
   * latest of them may not hold what was heard, so nobody woken by it joins that read.
   */
  let heard = 0;
  let heardHead = 0n;
  const hear = (position?: bigint) => {
    if (position !== undefined && position <= heardHead) return;
    if (position !== undefined) heardHead = position;
    heard++;
  };
  const wake = (position: bigint) => {
    hear(position);
    for (const w of [...waiters]) w();
  };

  /**
   * Inserts `fresh` after revision `current` (the caller checked it), with the positions the table
   * gave them, in statements of at most INSERT_ROWS rows (one transaction: all or none): on PGlite
   * each statement holds this thread, so a large append lets other requests run between its parts.
   */
  async function insert(tx: Queryable, streamId: string, fresh: NewEvent[], current: bigint | 'no_stream') {
    let revision = current === 'no_stream' ? -1n : current;
    const rows: { pos: string; at: string }[] = [];
    for (let from = 0; from < fresh.length; from += INSERT_ROWS) {
      const part = fresh.slice(from, from + INSERT_ROWS);
      const last = from + INSERT_ROWS >= fresh.length;
      const values: unknown[] = [NOTIFY_CHANNEL];
      const tuples = part.map((e, i) => {
        revision += 1n;
        values.push(
          streamId,
          revision.toString(),
          e.id,
          e.type,
          e.schemaVersion,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
        );
        const b = 1 + i * 7;
        return `($${b + 1}, $${b + 2}::bigint, $${b + 3}::uuid, $${b + 4}, $${b + 5}::int, $${b + 6}::jsonb, $${b + 7}::jsonb)`;
      });
      // The last part tells the listeners (NOTIFY is delivered at commit either way).
      const r = await tx.query<{ rows: Array<{ pos: string; at: string }> }>(
        `WITH ins AS (
           INSERT INTO es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
           VALUES ${tuples.join(', ')} RETURNING global_position, created_at)
         SELECT ${last ? 'pg_notify($1, max(global_position)::text),' : '$1::text AS channel,'}
                json_agg(json_build_object('pos', global_position::text, 'at', created_at) ORDER BY global_position) AS rows
           FROM ins`,
        values,
      );
      rows.push(...r.rows[0]!.rows);
    }
    const inserted = { rows: [{ pos: rows[rows.length - 1]!.pos, rows }] };
    const position = BigInt(inserted.rows[0]!.pos);
    const first = revision - BigInt(fresh.length) + 1n;
    // As a read gives them back: the JSON the table stores, not the caller's objects.
    const recorded = fresh.map((e, i): RecordedEvent => ({
      id: e.id,
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: JSON.parse(JSON.stringify(e.data)),
      metadata: JSON.parse(JSON.stringify(e.metadata)),
      streamId,
      revision: first + BigInt(i),
      position: BigInt(inserted.rows[0]!.rows[i]!.pos),
      createdAt: new Date(inserted.rows[0]!.rows[i]!.at),
    }));
    return { nextExpectedVersion: revision, position, appended: true, recorded };
  }

  /**
   * An append to a stream whose head this process knows (embedded database): one statement.
   * Undefined when it must be made the general way: the expected version is not the head (a
   * repeated append answers like the first, which the general way finds), or a repeated event id or
   * a head that is not what memory says fails the insert on a unique index.
   */
  async function appendAtKnownHead(streamId: string, events: NewEvent[], expected: ExpectedVersion, head: bigint) {
    try {
      checkExpectedVersion(streamId, expected, head === -1n ? 'no_stream' : head);
    } catch {
      return undefined;
    }
    try {
      return await db.transaction((tx) => insert(tx, streamId, events, head === -1n ? 'no_stream' : head));
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      recent?.forgetHead(streamId);
      return undefined;
    }
  }

  async function appendToServer(
    batched: NonNullable<typeof appendBatched>,
    streamId: string,
    events: NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult> {
    const result = await batched(streamId, events, expected);
    if (!result.appended)
      return { nextExpectedVersion: result.current === 'no_stream' ? -1n : result.current, position: result.position };
    const position = result.fresh[result.fresh.length - 1]!.position;
    wake(position);
    return { nextExpectedVersion: result.current, position };
  }

  async function append(
    streamId: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion } = {},
  ): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = options.expectedVersion ?? 'any';
    if (appendBatched) return appendToServer(appendBatched, streamId, events, expected);
    const head = recent?.headOf(streamId);
    const known = head === undefined ? undefined : await appendAtKnownHead(streamId, events, expected, head);
    const result =
      known ??
      (await db.transaction(async (tx) => {
        // No commit lock: PGlite is one session that runs one transaction at a time.
        const found = await tx.query<{ current: string | null; stored: Array<{ id: string; pos: string }> | null }>(
          `SELECT (SELECT max(stream_position)::text FROM es_events WHERE stream_id = $1) AS current,
                  (SELECT json_agg(json_build_object('id', event_id::text, 'pos', global_position::text))
                     FROM es_events WHERE event_id = ANY($2::uuid[])) AS stored`,
          [streamId, events.map((e) => e.id)],
        );
        const row = found.rows[0]!;
        const current: bigint | 'no_stream' = row.current == null ? 'no_stream' : BigInt(row.current);
        const stored = row.stored ?? [];
        const storedIds = new Set(stored.map((r) => r.id));
        const fresh = events.filter((e) => !storedIds.has(e.id));
        if (fresh.length === 0) {
          // A repeated append (a retry after a lost answer) is a no-op that answers like the first.
          return {
            nextExpectedVersion: current === 'no_stream' ? -1n : current,
            position: newestStored(stored),
            appended: false,
            recorded: undefined,
          };
        }
        checkExpectedVersion(streamId, expected, current);
        return insert(tx, streamId, fresh, current);
      }));
    recent?.raiseHead(streamId, result.nextExpectedVersion);
    if (result.appended) {
      if (result.recorded) recent?.add(result.recorded);
      wake(result.position);
    }
    return { nextExpectedVersion: result.nextExpectedVersion, position: result.position };
  }

  async function readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const head = recent?.headOf(streamId);
    // Nothing past the head this process wrote (the catch-up read of a command on a stream it decided on).
    if (!backwards && head !== undefined && options.fromRevision !== undefined && options.fromRevision > head)
      return [];
    const params: unknown[] = [streamId];
    let where = 'stream_id = $1';
    if (options.fromRevision !== undefined) {
      params.push(options.fromRevision.toString());
      where += backwards ? ` AND stream_position <= $2::bigint` : ` AND stream_position >= $2::bigint`;
    }
    const limit = options.maxCount ? ` LIMIT ${Math.max(1, Math.floor(options.maxCount))}` : '';
    const r = await db.query<Row>(
      `SELECT ${COLUMNS} FROM es_events WHERE ${where} ORDER BY stream_position ${backwards ? 'DESC' : 'ASC'}${limit}`,
      params,
    );
    return r.rows.map(toRecorded);
  }

  /**
   * Reads of the log under way, by what the store had heard when each began, position and count.
   * The followers of one process (each projection, the relay, the policies) are woken together by
   * an append and ask from the same position: one query answers them all.
   */
  const readsUnderWay = new Map<string, Promise<RecordedEvent[]>>();

  async function readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? 0n;
    const maxCount = Math.max(1, Math.floor(options.maxCount ?? 1000));
    const remembered = recent?.after(after, maxCount);
    if (remembered) return remembered;
    const key = `${heard}:${after}:${maxCount}`;
    let read = readsUnderWay.get(key);
    if (!read) {
      read = db
        .query<Row>(
          `SELECT ${COLUMNS} FROM es_events WHERE global_position > $1::bigint ORDER BY global_position ASC LIMIT ${maxCount}`,
          [after.toString()],
        )
        .then((r) => r.rows.map(toRecorded))
        .finally(() => readsUnderWay.delete(key));
      readsUnderWay.set(key, read);
    }
    // Each caller gets its own array (the events themselves are shared, as a read of memory shares them).
    return (await read).slice();
  }

  async function subscribe(options: SubscribeOptions): Promise<void> {
    const { signal } = options;
    let position = options.after ?? 0n;
    let pending = false;
    let wakeUp: (() => void) | undefined;
    const notify = () => {
      pending = true;
      wakeUp?.();
    };
    waiters.add(notify);
    let stopListening: (() => Promise<void>) | undefined;
    if (db.engine === 'postgres') {
      const notified = (payload: string) => {
        hear(/^\d+$/.test(payload) ? BigInt(payload) : undefined);
        notify();
      };
      const resumed = () => {
        hear();
        notify();
      };
      stopListening = await db.listen(NOTIFY_CHANNEL, notified, resumed).catch(() => undefined);
    }
    try {
      while (!signal.aborted) {
        pending = false;
        let batch: RecordedEvent[];
        try {
          batch = await readAll({ after: position, maxCount: options.batchSize ?? 500 });
          if (batch.length > 0) {
            await options.onEvents(batch);
            position = batch[batch.length - 1]!.position;
            continue;
          }
        } catch (err) {
          options.onError?.(err);
          await sleep(1000, signal);
          continue;
        }
        if (pending) continue;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            wakeUp = undefined;
            resolve();
          };
          const timer = setTimeout(done, pollIntervalMs);
          wakeUp = done;
          signal.addEventListener('abort', done, { once: true });
        });
      }
    } finally {
      waiters.delete(notify);
      await stopListening?.();
    }
  }

  return {
    engine: db.engine,
    append,
    readStream,
    readAll,
    subscribe,
    async headPosition() {
      const r = await db.query<{ p: string | null }>('SELECT max(global_position)::text AS p FROM es_events');
      return r.rows[0]?.p ? BigInt(r.rows[0].p) : 0n;
    },
    ping: () => db.ping(),
    close: async () => {},
  };
}
