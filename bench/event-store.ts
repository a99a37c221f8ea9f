/**
 * Append rate and projection lag, on PGlite and (when reachable) PostgreSQL.
 *   npx tsx bench/event-store.ts [events=4000] [writers=8]
 * Append rate: `writers` concurrent writers, one event per append (each its own transaction).
 * Lag: from an append's acknowledgement to the moment a running projector has committed that
 * event together with its checkpoint (what read-your-writes waits for), at a steady load.
 */
import { randomUUID } from 'node:crypto';
import { type Db, migrate, openPglite, openPostgres, platformMigrations } from '@lectio/platform';
import { createPostgresEventStore, type EventStore } from '@lectio/platform/eventstore';
import { postgreSQLProjection, runProjection } from '@lectio/platform/projections';
import { createTestDatabase } from '@lectio/platform/testing';

const total = Number(process.argv[2] ?? 4000);
const writers = Number(process.argv[3] ?? 8);

const event = (i: number) => ({
  id: randomUUID(),
  type: 'BenchEvent',
  schemaVersion: 1,
  data: { i, note: 'x'.repeat(64) },
  metadata: { correlationId: randomUUID(), actor: { type: 'system' as const } },
});

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function appendRate(store: EventStore) {
  const started = performance.now();
  const per = Math.ceil(total / writers);
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const stream = `bench-${w}-${randomUUID()}`;
      for (let i = 0; i < per; i++)
        await store.append(stream, [event(i)], { expectedVersion: i === 0 ? 'no_stream' : BigInt(i - 1) });
    }),
  );
  return (per * writers) / ((performance.now() - started) / 1000);
}

async function projectionLag(db: Db, store: EventStore, count: number, ratePerSecond: number) {
  await db.exec('CREATE TABLE IF NOT EXISTS bench_rows (id UUID PRIMARY KEY, i INT NOT NULL)');
  const acked = new Map<bigint, number>();
  const lags: number[] = [];
  const ac = new AbortController();
  const running = runProjection({
    db,
    store,
    signal: ac.signal,
    projection: postgreSQLProjection<{ type: 'BenchEvent'; data: { i: number } }>({
      name: `bench-${randomUUID()}`,
      tables: ['bench_rows'],
      migrations: [],
      canHandle: ['BenchEvent'],
      handle: async (tx, e) => {
        await tx.query('INSERT INTO bench_rows (id, i) VALUES ($1, $2) ON CONFLICT DO NOTHING', [e.id, e.data.i]);
      },
    }),
    onCheckpoint: (_name, position) => {
      const now = performance.now();
      for (const [p, t] of acked) {
        if (p > position) continue;
        lags.push(now - t);
        acked.delete(p);
      }
    },
  });
  // Let the projector catch up with the append-rate run first.
  const head = await store.headPosition();
  while (
    (
      await db.query<{ n: string }>('SELECT count(*)::text AS n FROM projection_checkpoints WHERE position >= $1', [
        head.toString(),
      ])
    ).rows[0]!.n === '0'
  ) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const interval = 1000 / ratePerSecond;
  for (let i = 0; i < count; i++) {
    const due = performance.now() + interval;
    const { position } = await store.append(`lag-${i % 16}`, [event(i)]);
    acked.set(position, performance.now());
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  while (acked.size > 0) await new Promise((r) => setTimeout(r, 10));
  ac.abort();
  await running;
  const sorted = lags.sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), n: sorted.length };
}

async function run(name: string, db: Db) {
  await migrate(db, platformMigrations);
  const store = createPostgresEventStore(db);
  const rate = await appendRate(store);
  const lag = await projectionLag(db, store, 1000, 200);
  console.log(
    `${name.padEnd(10)} append: ${Math.round(rate).toLocaleString('en-US')} events/s (${writers} writers, 1 event per append)   ` +
      `projection lag at 200 events/s: p50 ${lag.p50.toFixed(1)} ms, p99 ${lag.p99.toFixed(1)} ms (n=${lag.n})`,
  );
}

console.log(
  `event store bench: ${total} events, node ${process.version}, ${(await import('node:os')).cpus().length} cores`,
);
const lite = await openPglite();
await run('PGlite', lite);
await lite.close();
const pg = await createTestDatabase();
if (pg) {
  const db = await openPostgres(pg.url, { max: writers + 4 });
  await run('PostgreSQL', db);
  await db.close();
  await pg.drop();
}
