import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPglite, openPostgres } from '../db';
import { migrate } from '../migrations';
import { createTestDatabase } from '../testing/engines';
import { eventStoreContract } from './contract-suite';
import { createEventStoreDbStore } from './eventstoredb-store';
import { createPostgresEventStore, eventStoreMigrations } from './postgres-store';
import { WrongExpectedVersionError } from './port';

eventStoreContract('PGlite', async () => {
  const db = await openPglite();
  await migrate(db, eventStoreMigrations);
  return { store: createPostgresEventStore(db), close: () => db.close() };
});

const pgDb = await createTestDatabase();
if (pgDb) {
  eventStoreContract('PostgreSQL server', async () => {
    const db = await openPostgres(pgDb.url, { max: 12 });
    await migrate(db, eventStoreMigrations);
    return {
      store: createPostgresEventStore(db),
      close: async () => {
        await db.close();
        await pgDb.drop();
      },
    };
  });
} else {
  describe.skip('EventStore contract: PostgreSQL server (no server reachable)', () => it('skipped', () => {}));
}

// EventStoreDB: EVENTSTOREDB_URL when set; otherwise a throwaway container through testcontainers
// when a Docker engine answers; otherwise skipped with the reason.
const dockerPresent = existsSync('/var/run/docker.sock') || !!process.env.DOCKER_HOST;
if (process.env.EVENTSTOREDB_URL) {
  const url = process.env.EVENTSTOREDB_URL;
  eventStoreContract('EventStoreDB', async () => {
    const store = await createEventStoreDbStore(url);
    return { store, close: () => store.close() };
  });
} else if (dockerPresent) {
  eventStoreContract('EventStoreDB (testcontainers)', async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('eventstore/eventstore:24.10')
      .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113))
      .start();
    const store = await createEventStoreDbStore(
      `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    );
    return {
      store,
      close: async () => {
        await store.close();
        await container.stop();
      },
    };
  });
} else {
  console.warn(
    '[skipped] EventStore contract: EventStoreDB (set EVENTSTOREDB_URL, or run where a Docker engine answers)',
  );
  describe.skip('EventStore contract: EventStoreDB (no EVENTSTOREDB_URL and no Docker engine here)', () =>
    it('skipped', () => {}));
}

describe('PGlite: the newest appends kept in memory', () => {
  it('readAll gives from memory exactly what the table holds, and the table when memory does not reach back', async () => {
    const db = await openPglite();
    await migrate(db, eventStoreMigrations);
    const store = createPostgresEventStore(db);
    const meta = { correlationId: 'c', actor: { type: 'system' as const } };
    // Written before this store (another release, an import): memory must not pretend to hold it.
    await db.query(
      `INSERT INTO es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata) VALUES ('old-1', 0, $1, 'Old', 1, '{}', '{}')`,
      [randomUUID()],
    );
    for (let i = 0; i < 5; i++) {
      await store.append(`s-${i % 2}`, [
        {
          id: randomUUID(),
          type: 'Noted',
          schemaVersion: 1,
          data: { n: i, at: new Date(0), skipped: undefined },
          metadata: meta,
        },
        { id: randomUUID(), type: 'Noted', schemaVersion: 1, data: { n: i, second: true }, metadata: meta },
      ]);
    }
    const fromTable = (
      await db.query<{ n: string }>('SELECT global_position::text AS n FROM es_events ORDER BY global_position')
    ).rows.map((r) => BigInt(r.n));
    const all = await store.readAll({ after: 0n });
    expect(all.map((e) => e.position)).toEqual(fromTable);
    expect(all[0]!.type).toBe('Old');
    const tail = await store.readAll({ after: fromTable[3]!, maxCount: 3 });
    expect(tail.map((e) => e.position)).toEqual(fromTable.slice(4, 7));
    // As the table gives it back: JSON, a date as its string, no undefined.
    const fresh = (await createPostgresEventStore(db).readStream('s-0')).map(({ createdAt, ...e }) => ({
      ...e,
      createdAt: createdAt.getTime(),
    }));
    const remembered = (await store.readAll({ after: fromTable[0]! }))
      .filter((e) => e.streamId === 's-0')
      .map(({ createdAt, ...e }) => ({ ...e, createdAt: createdAt.getTime() }));
    expect(remembered).toEqual(fresh);
    expect(remembered[0]!.data).toEqual({ n: 0, at: '1970-01-01T00:00:00.000Z' });
    await db.close();
  });
});

describe('PGlite: the head of each stream this process appended to', () => {
  const meta = { correlationId: 'c', actor: { type: 'system' as const } };
  const ev = (n: number) => ({ id: randomUUID(), type: 'Noted', schemaVersion: 1, data: { n }, metadata: meta });

  async function counted() {
    const db = await openPglite();
    await migrate(db, eventStoreMigrations);
    const statements: string[] = [];
    const query: typeof db.query = (sql, params) => {
      statements.push(sql);
      return db.query(sql, params);
    };
    const transaction: typeof db.transaction = (fn) =>
      db.transaction((tx) =>
        fn({
          query: (sql, params) => {
            statements.push(sql);
            return tx.query(sql, params);
          },
        }),
      );
    return { db, statements, store: createPostgresEventStore({ ...db, query, transaction }) };
  }

  it('a command on a stream it decided on: no catch-up query, and the append is one insert', async () => {
    const { db, statements, store } = await counted();
    const first = await store.append('s', [ev(1)], { expectedVersion: 'no_stream' });
    statements.length = 0;
    expect(await store.readStream('s', { fromRevision: first.nextExpectedVersion + 1n })).toEqual([]);
    const second = await store.append('s', [ev(2)], { expectedVersion: first.nextExpectedVersion });
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/INSERT INTO es_events/);
    expect(second.nextExpectedVersion).toBe(1n);
    expect((await store.readStream('s')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    await db.close();
  });

  it('a stale head or a repeated event id falls back to the general append, which answers rightly', async () => {
    const { db, store } = await counted();
    await store.append('s', [ev(1)]);
    // Appended behind memory's back (never happens in one process; here it proves the fallback).
    await db.query(
      `INSERT INTO es_events (stream_id, stream_position, event_id, type, schema_version, data, metadata) VALUES ('s', 1, $1, 'Noted', 1, '{"n":2}', '{}')`,
      [randomUUID()],
    );
    await expect(store.append('s', [ev(3)], { expectedVersion: 0n })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const third = ev(3);
    const appended = await store.append('s', [third], { expectedVersion: 1n });
    expect(appended.nextExpectedVersion).toBe(2n);
    // The same append again (a retry after a lost answer) is a no-op that answers like the first.
    expect(await store.append('s', [third], { expectedVersion: 1n })).toEqual(appended);
    expect((await store.readStream('s')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await db.close();
  });
});

const groupDb = await createTestDatabase();
describe.skipIf(!groupDb)('PostgreSQL server: appends made at the same moment share a transaction', () => {
  const meta = { correlationId: 'c', actor: { type: 'system' as const } };
  const ev = (n: number) => ({ id: randomUUID(), type: 'Noted', schemaVersion: 1, data: { n }, metadata: meta });

  it('each is checked on its own: a stale one, a repeated one and one the table refuses fail or answer alone', async () => {
    const db = await openPostgres(groupDb!.url, { max: 4 });
    await migrate(db, eventStoreMigrations);
    const store = createPostgresEventStore(db);
    const statements: string[] = [];
    const counted = createPostgresEventStore({
      ...db,
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
    });
    const s = `group-${randomUUID()}`;
    const repeated = ev(0);
    const first = await store.append(s, [repeated], { expectedVersion: 'no_stream' });
    const refused = { ...ev(9), id: 'not-a-uuid' };
    const results = await Promise.allSettled([
      counted.append(s, [ev(1)], { expectedVersion: 0n }),
      counted.append(s, [ev(2)], { expectedVersion: 0n }),
      counted.append(s, [repeated], { expectedVersion: 'no_stream' }),
      counted.append(`${s}-other`, [refused]),
      counted.append(`${s}-other`, [ev(3), ev(4)], { expectedVersion: 'no_stream' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: expect.any(WrongExpectedVersionError) });
    expect(results[2]).toMatchObject({ status: 'fulfilled', value: { position: first.position } });
    expect(results[4]).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1n } });
    expect((await store.readStream(s)).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    expect((await store.readStream(`${s}-other`)).map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }]);
    // The first went alone; the four behind it as one group, which the refused payload sent again
    // one by one: six statements, where one transaction each would have been five.
    expect(statements.filter((q) => q.includes('es_append_batch'))).toHaveLength(6);
    await db.close();
    await groupDb!.drop();
  });
});

const sharedReadsDb = await createTestDatabase();
describe.skipIf(!sharedReadsDb)('PostgreSQL server: the followers of one process read the log together', () => {
  const meta = { correlationId: 'c', actor: { type: 'system' as const } };

  it('followers woken by an append share one query, and none waits for the poll to see an event', async () => {
    const db = await openPostgres(sharedReadsDb!.url, { max: 8 });
    await migrate(db, eventStoreMigrations);
    let reads = 0;
    // Polling only once a minute and no NOTIFY (each listener hears it at its own moment, which makes
    // the count depend on timing): an event seen here was seen because its append woke the reader.
    const store = createPostgresEventStore(
      {
        ...db,
        query: (sql, params) => {
          if (sql.includes('global_position > $1')) reads++;
          return db.query(sql, params);
        },
        listen: async () => async () => {},
      },
      { pollIntervalMs: 60_000 },
    );
    const ac = new AbortController();
    const seen = Array.from({ length: 5 }, () => [] as string[]);
    const followers = seen.map((mine) =>
      store.subscribe({ after: 0n, signal: ac.signal, onEvents: async (es) => void mine.push(...es.map((e) => e.id)) }),
    );
    const caughtUp = async (n: number) => {
      const deadline = Date.now() + 5000;
      while (seen.some((mine) => mine.length < n)) {
        if (Date.now() > deadline)
          throw new Error(`followers saw ${seen.map((m) => m.length).join(', ')} of ${n} events`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    await new Promise((r) => setTimeout(r, 300)); // every follower listening
    const before = reads;
    for (let i = 1; i <= 10; i++) {
      await store.append(`shared-${i}`, [
        { id: randomUUID(), type: 'Noted', schemaVersion: 1, data: { i }, metadata: meta },
      ]);
      await caughtUp(i);
    }
    ac.abort();
    await Promise.all(followers);
    for (const mine of seen) expect(new Set(mine).size).toBe(10);
    // Five followers each reading alone: two reads per append each (the event, then nothing more),
    // 100 in all. Together: those two per append, shared.
    expect(reads - before).toBeLessThanOrEqual(30);
    await db.close();
    await sharedReadsDb!.drop();
  });
});
