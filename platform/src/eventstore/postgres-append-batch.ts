import type { Db } from '../db';
import type { Migration } from '../migrations';
import { WrongExpectedVersionError, type ExpectedVersion, type NewEvent } from './port';

/**
 * Appends on a PostgreSQL server, grouped: while one transaction is committing, the appends that
 * arrive wait and then go together in the next, each checked on its own. The commit lock is held
 * through a commit's flush to disk, so one append per transaction caps a server at one flush per
 * append; grouped, the flush is shared. One statement per group: the lock, the checks and the
 * inserts run inside the server (a volatile function reads afresh after taking the lock), so the
 * lock is never held across a network round trip.
 */
export const appendBatchMigration: Migration = {
  id: '002_event_store_append_batch',
  sql: `
CREATE OR REPLACE FUNCTION es_append_batch(batch jsonb, commit_lock bigint, channel text) RETURNS jsonb
LANGUAGE plpgsql AS $fn$
DECLARE
  item jsonb;
  results jsonb := '[]'::jsonb;
  cur bigint;
  expected text;
  stored jsonb;
  fresh jsonb;
  inserted jsonb;
  item_last bigint;
  last_pos bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(commit_lock);
  FOR item IN SELECT value FROM jsonb_array_elements(batch) LOOP
    SELECT max(stream_position) INTO cur FROM es_events WHERE stream_id = item->>'stream';
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', event_id::text, 'pos', global_position::text)), '[]'::jsonb) INTO stored
      FROM es_events WHERE event_id IN (SELECT (e->>'id')::uuid FROM jsonb_array_elements(item->'events') AS e);
    SELECT coalesce(jsonb_agg(t.e ORDER BY t.ord), '[]'::jsonb) INTO fresh
      FROM jsonb_array_elements(item->'events') WITH ORDINALITY AS t(e, ord)
     WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(stored) AS s WHERE (s->>'id')::uuid = (t.e->>'id')::uuid);
    IF jsonb_array_length(fresh) = 0 THEN
      -- A repeated append (a retry after a lost answer) changes nothing and answers like the first.
      results := results || jsonb_build_array(jsonb_build_object('status', 'repeated', 'current', cur::text, 'stored', stored));
      CONTINUE;
    END IF;
    expected := item->>'expected';
    -- port.ts's checkExpectedVersion, here because it must hold under the lock.
    IF NOT (expected = 'any' OR (expected = 'no_stream' AND cur IS NULL) OR (expected = 'stream_exists' AND cur IS NOT NULL)
            OR (cur IS NOT NULL AND expected = cur::text)) THEN
      results := results || jsonb_build_array(jsonb_build_object('status', 'wrong', 'current', cur::text));
      CONTINUE;
    END IF;
    WITH ins AS (
      INSERT INTO es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
      SELECT item->>'stream', coalesce(cur, -1) + t.ord, (t.e->>'id')::uuid, t.e->>'type', (t.e->>'schemaVersion')::int, t.e->'data', t.e->'metadata'
        FROM jsonb_array_elements(fresh) WITH ORDINALITY AS t(e, ord) ORDER BY t.ord
      RETURNING global_position, created_at)
    SELECT jsonb_agg(jsonb_build_object('pos', global_position::text, 'at', created_at) ORDER BY global_position), max(global_position)
      INTO inserted, item_last FROM ins;
    last_pos := item_last;
    results := results || jsonb_build_array(jsonb_build_object('status', 'appended', 'current', (coalesce(cur, -1) + jsonb_array_length(fresh))::text,
                                                               'fresh', fresh, 'inserted', inserted));
  END LOOP;
  IF last_pos IS NOT NULL THEN PERFORM pg_notify(channel, last_pos::text); END IF;
  RETURN results;
END
$fn$;`,
};

/** PostgreSQL's data exceptions (22) and integrity violations (23): the statement's input, not the server. */
const refusedData = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' && /^2[23]/.test(err.code);

/** What a repeated append answers: the newest position its events were stored at before. */
export const newestStored = (stored: Array<{ pos: string }>) =>
  stored.reduce((m, s) => (BigInt(s.pos) > m ? BigInt(s.pos) : m), 0n);

/** At most this many appends share a transaction (bounded so one statement stays short). */
const MAX_BATCH = 100;

type Outcome =
  | { status: 'repeated'; current: string | null; stored: Array<{ id: string; pos: string }> }
  | { status: 'wrong'; current: string | null }
  | { status: 'appended'; current: string; fresh: NewEvent[]; inserted: Array<{ pos: string; at: string }> };

interface Pending {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedVersion;
  resolve: (outcome: Outcome) => void;
  reject: (err: unknown) => void;
}

/** An append's outcome: `fresh` are the events not stored before, with the positions they got. */
export type BatchedAppend =
  | { appended: false; current: bigint | 'no_stream'; position: bigint }
  | { appended: true; current: bigint; fresh: Array<{ event: NewEvent; position: bigint; createdAt: Date }> };

export function createAppendBatcher(db: Db, commitLock: number, channel: string) {
  let queue: Pending[] = [];
  let flushing = false;

  async function send(batch: Pending[]): Promise<void> {
    const items = batch.map((p) => ({
      stream: p.streamId,
      expected: typeof p.expected === 'bigint' ? p.expected.toString() : p.expected,
      events: p.events,
    }));
    let outcomes: Outcome[];
    try {
      const r = await db.query<{ r: Outcome[] }>('SELECT es_append_batch($1::jsonb, $2, $3) AS r', [
        JSON.stringify(items),
        commitLock,
        channel,
      ]);
      outcomes = r.rows[0]!.r;
    } catch (err) {
      // One append the table refuses (bad data) must not fail the others: each goes again alone.
      // Anything else (the database away, a timeout) would fail them alone as well.
      if (batch.length === 1 || !refusedData(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      for (const p of batch) await send([p]);
      return;
    }
    batch.forEach((p, i) => p.resolve(outcomes[i]!));
  }

  async function flush() {
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(MAX_BATCH);
        await send(batch);
      }
    } finally {
      flushing = false;
    }
  }

  return async function append(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedVersion,
  ): Promise<BatchedAppend> {
    const outcome = await new Promise<Outcome>((resolve, reject) => {
      queue.push({ streamId, events, expected, resolve, reject });
      if (!flushing) void flush();
    });
    const current: bigint | 'no_stream' = outcome.current === null ? 'no_stream' : BigInt(outcome.current);
    switch (outcome.status) {
      case 'wrong':
        throw new WrongExpectedVersionError(streamId, expected, current);
      case 'repeated':
        return { appended: false, current, position: newestStored(outcome.stored) };
      case 'appended':
        return {
          appended: true,
          current: BigInt(outcome.current),
          fresh: outcome.fresh.map((event, i) => ({
            event,
            position: BigInt(outcome.inserted[i]!.pos),
            createdAt: new Date(outcome.inserted[i]!.at),
          })),
        };
    }
  };
}
