import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@lectio/contracts/events';
import { openPglite, type Db } from '../db';
import { migrate } from '../migrations';
import { createPostgresEventStore, eventStoreMigrations } from '../eventstore/postgres-store';
import { waitFor } from '../eventstore/contract-suite';
import type { EventStore } from '../eventstore/port';
import { DEFERRED_CHECKPOINT_MS, checkpointMigrations, readCheckpoint } from './checkpoints';
import { ProjectionWatch } from './progress';
import { postgreSQLProjection } from './projection';
import { rebuildProjection, runProjection, waitForProjections } from './runner';

// An order-sensitive read model: applying an event twice, or skipping one, changes the rows.
function tallyProjection(crashAt?: { position: bigint; done: boolean }) {
  return postgreSQLProjection<{ type: 'Added'; data: { n: number } } | { type: 'Ignored'; data: { n: number } }>({
    name: 'tally',
    tables: ['tally'],
    migrations: [],
    // It is handed 'Ignored' too, so a crash can happen at any position.
    canHandle: ['Added', 'Ignored'],
    async handle(tx, e) {
      if (crashAt && !crashAt.done && e.position === crashAt.position) {
        crashAt.done = true;
        throw new Error('simulated crash');
      }
      if (e.type !== 'Added') return;
      const n = e.data.n;
      await tx.query(
        `INSERT INTO tally (stream_id, total, count, trail) VALUES ($1, $2, 1, $3)
         ON CONFLICT (stream_id) DO UPDATE SET total = tally.total + $2, count = tally.count + 1, trail = tally.trail || ',' || $3`,
        [e.streamId, n, String(n)],
      );
    },
  });
}

const ev = (n: number, type = 'Added'): NewEvent => ({
  id: randomUUID(),
  type,
  schemaVersion: 1,
  data: { n },
  metadata: { correlationId: randomUUID(), actor: { type: 'system' } },
});

async function snapshot(db: Db) {
  return (await db.query('SELECT stream_id, total, count, trail FROM tally ORDER BY stream_id')).rows;
}

describe('projection runner', () => {
  let db: Db;
  let store: EventStore;
  const N = 12;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db, [
      ...eventStoreMigrations,
      ...checkpointMigrations,
      {
        id: '100_tally',
        sql: 'CREATE TABLE tally (stream_id TEXT PRIMARY KEY, total INT NOT NULL, count INT NOT NULL, trail TEXT NOT NULL)',
      },
    ]);
    store = createPostgresEventStore(db, { pollIntervalMs: 20 });
    for (let i = 1; i <= N; i++)
      await store.append(`s-${i % 3}`, [ev(i), ...(i % 4 === 0 ? [ev(100, 'Ignored')] : [])]);
  });
  afterAll(() => db.close());

  it('given events, a rebuild from zero gives the expected rows', async () => {
    await rebuildProjection(db, store, tallyProjection());
    const rows = await snapshot(db);
    expect(rows.map((r) => r.count).reduce((a, b) => Number(a) + Number(b), 0)).toBe(N);
    expect(rows.find((r) => r.stream_id === 's-1')!.trail).toBe('1,4,7,10');
  });

  it('killed at every position in turn, restarted, the tables equal a rebuild from zero', async () => {
    await rebuildProjection(db, store, tallyProjection());
    const expected = await snapshot(db);
    const head = await store.headPosition();
    for (const batchSize of [1, 4]) {
      for (let crash = 1n; crash <= head; crash++) {
        await db.transaction(async (tx) => {
          await tx.query('DELETE FROM tally');
          await tx.query(`DELETE FROM projection_checkpoints WHERE name = 'tally'`);
        });
        // First life: dies when it reaches event `crash` (its transaction rolls back, as in a kill).
        const crashAt = { position: crash, done: false };
        const life1 = new AbortController();
        const run1 = runProjection({
          db,
          store,
          projection: tallyProjection(crashAt),
          signal: life1.signal,
          batchSize,
        });
        await waitFor(() => crashAt.done);
        life1.abort();
        await run1;
        const diedAt = await readCheckpoint(db, 'tally');
        expect(diedAt).toBeLessThan(crash);
        // Second life: a new runner resumes from the stored checkpoint.
        const life2 = new AbortController();
        const run2 = runProjection({ db, store, projection: tallyProjection(), signal: life2.signal, batchSize });
        await waitFor(async () => (await readCheckpoint(db, 'tally')) === head);
        life2.abort();
        await run2;
        expect(await snapshot(db), `crash at ${crash}, batch ${batchSize}`).toEqual(expected);
      }
    }
  });

  it('read-your-writes: waits for the projection to pass a position, bounded', async () => {
    const ac = new AbortController();
    const watch = new ProjectionWatch(db);
    const run = runProjection({ db, store, projection: tallyProjection(), signal: ac.signal, watch });
    const { position } = await store.append('s-rw', [ev(5)]);
    expect(await waitForProjections(watch, ['tally'], position, 2000)).toBe(true);
    const rows = await db.query<{ total: number }>(`SELECT total FROM tally WHERE stream_id = 's-rw'`);
    expect(rows.rows[0]?.total).toBe(5);
    ac.abort();
    await run;
    const { position: later } = await store.append('s-rw', [ev(6)]);
    const started = Date.now();
    expect(await waitForProjections(watch, ['tally'], later, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1000);
    await watch.close();
  });
});

describe('a projection and events it ignores', () => {
  it('moves its checkpoint at once for waiters, writes it once for many events, and resumes from it', async () => {
    const db = await openPglite();
    await migrate(db, [...eventStoreMigrations, ...checkpointMigrations]);
    const store = createPostgresEventStore(db, { pollIntervalMs: 20 });
    let writes = 0;
    const counting: Db = {
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            query: (sql, params) => {
              if (/UPDATE projection_checkpoints|INSERT INTO projection_checkpoints/.test(sql)) writes++;
              return tx.query(sql, params);
            },
          }),
        ),
    };
    const ignoring = postgreSQLProjection<{ type: 'Added'; data: { n: number } }>({
      name: 'ignoring',
      tables: [],
      migrations: [],
      canHandle: ['Added'],
      handle: async () => {},
    });
    const ac = new AbortController();
    const watch = new ProjectionWatch(counting);
    const run = runProjection({ db: counting, store, projection: ignoring, signal: ac.signal, watch });
    let last = 0n;
    for (let i = 0; i < 50; i++) {
      last = (await store.append(`s-${i}`, [ev(i, 'Ignored')])).position;
      // Read-your-writes does not wait for the deferred write.
      expect(await waitForProjections(watch, ['ignoring'], last, DEFERRED_CHECKPOINT_MS / 2)).toBe(true);
    }
    await waitFor(async () => (await readCheckpoint(db, 'ignoring')) === last);
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThan(10);
    // An event it handles is written with its checkpoint at once.
    const handled = (await store.append('s-x', [ev(1)])).position;
    await waitFor(async () => (await readCheckpoint(db, 'ignoring')) === handled);
    ac.abort();
    await run;
    // Stopped: the moves not yet written are written on the way out.
    const more = (await store.append('s-y', [ev(2, 'Ignored')])).position;
    const again = new AbortController();
    const resumed = runProjection({ db: counting, store, projection: ignoring, signal: again.signal, watch });
    await waitFor(() => waitForProjections(watch, ['ignoring'], more, 50));
    again.abort();
    await resumed;
    expect(await readCheckpoint(db, 'ignoring')).toBe(more);
    await watch.close();
    await db.close();
  });
});

describe('checkpoint compare-and-set', () => {
  it('a runner whose checkpoint a rebuild deleted cannot write over the emptied tables', async () => {
    const db = await openPglite();
    await migrate(db, [...checkpointMigrations]);
    const { advanceCheckpoint, CheckpointMovedError } = await import('./checkpoints');
    await db.transaction((tx) => advanceCheckpoint(tx, 'p', 0n, 5n));
    await expect(db.transaction((tx) => advanceCheckpoint(tx, 'p', 0n, 3n))).rejects.toBeInstanceOf(
      CheckpointMovedError,
    );
    await db.query(`DELETE FROM projection_checkpoints WHERE name = 'p'`); // a rebuild starts
    await expect(db.transaction((tx) => advanceCheckpoint(tx, 'p', 5n, 7n))).rejects.toBeInstanceOf(
      CheckpointMovedError,
    );
    await db.transaction((tx) => advanceCheckpoint(tx, 'p', 0n, 2n)); // the rebuild's first batch
    expect(await readCheckpoint(db, 'p')).toBe(2n);
    await db.close();
  });
});
