import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Db } from '../db';
import { migrate } from '../migrations';
import { createTestDatabase } from '../testing/engines';
import { advanceCheckpoint, checkpointMigrations } from './checkpoints';
import { ProjectionWatch } from './progress';

/** A Db that counts the queries issued through it (the watch must not poll). */
function counting(db: Db): Db & { queries: number } {
  const counted = Object.assign(Object.create(db) as Db, { queries: 0 });
  counted.query = (sql, params) => {
    counted.queries++;
    return db.query(sql, params);
  };
  return counted as Db & { queries: number };
}

// One embedded database for the file (opening one takes seconds); each test has its own names.
let shared: Db | undefined;
async function freshPglite() {
  if (!shared) {
    shared = await openPglite();
    await migrate(shared, [...checkpointMigrations]);
  }
  await shared.query('DELETE FROM projection_checkpoints');
  return shared;
}
afterAll(() => shared?.close());

const move = (db: Db, name: string, from: bigint, to: bigint) =>
  db.transaction((tx) => advanceCheckpoint(tx, name, from, to));

describe('ProjectionWatch (read-your-writes without polling)', () => {
  it('wakes a waiter when the checkpoint commit passes its position, and issues no query while it waits', async () => {
    const db = await freshPglite();
    await move(db, 'users', 0n, 3n);
    const watched = counting(db);
    const watch = new ProjectionWatch(watched);
    expect(await watch.wait(['users'], 3n, 1000)).toBe('reached');
    const before = watched.queries;
    const started = Date.now();
    const waiting = watch.wait(['users'], 7n, 5000);
    await new Promise((r) => setTimeout(r, 400));
    // The old waiter polled every 10 ms: ~40 queries by now.
    expect(watched.queries - before).toBe(0);
    await move(db, 'users', 3n, 7n);
    expect(await waiting).toBe('reached');
    expect(Date.now() - started).toBeLessThan(1500);
    await watch.close();
  });

  it('waits for every named projection', async () => {
    const db = await freshPglite();
    const watch = new ProjectionWatch(db);
    const waiting = watch.wait(['a', 'b'], 2n, 3000);
    await move(db, 'a', 0n, 2n);
    await new Promise((r) => setTimeout(r, 100));
    expect(watch.waiting).toBe(1);
    await move(db, 'b', 0n, 5n);
    expect(await waiting).toBe('reached');
    await watch.close();
  });

  it('does not wait for a position beyond the event store head', async () => {
    const db = await freshPglite();
    const watch = new ProjectionWatch(db);
    const started = Date.now();
    expect(await watch.wait(['users'], 99999999999999999999n, 2000, async () => 12n)).toBe('beyond-head');
    expect(Date.now() - started).toBeLessThan(500);
    await watch.close();
  });

  it('bounds the number of waiters: the next one answers at once', async () => {
    const db = await freshPglite();
    const watch = new ProjectionWatch(db, 2);
    const head = async () => 100n;
    const a = watch.wait(['users'], 10n, 3000, head);
    const b = watch.wait(['users'], 10n, 3000, head);
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    expect(await watch.wait(['users'], 10n, 3000, head)).toBe('busy');
    expect(Date.now() - started).toBeLessThan(200);
    await move(db, 'users', 0n, 10n);
    expect(await Promise.all([a, b])).toEqual(['reached', 'reached']);
    await watch.close();
  });

  it('times out when the projection stays behind', async () => {
    const db = await freshPglite();
    const watch = new ProjectionWatch(db);
    const started = Date.now();
    expect(await watch.wait(['users'], 5n, 300, async () => 5n)).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await watch.close();
  });
});

const pgDb = await createTestDatabase();
describe.skipIf(!pgDb)('ProjectionWatch across processes (PostgreSQL LISTEN/NOTIFY)', () => {
  afterAll(() => pgDb?.drop());
  it('a projector on another connection wakes the waiter', async () => {
    const projector = await openPostgres(pgDb!.url);
    await migrate(projector, [...checkpointMigrations]);
    const reader = await openPostgres(pgDb!.url);
    const watch = new ProjectionWatch(reader);
    const waiting = watch.wait(['users'], 4n, 5000);
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await move(projector, 'users', 0n, 4n);
    expect(await waiting).toBe('reached');
    expect(Date.now() - started).toBeLessThan(1000);
    await watch.close();
    await reader.close();
    await projector.close();
  });
});
