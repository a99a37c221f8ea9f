import { existsSync } from 'node:fs';
import { describe, it } from 'vitest';
import { openPglite, openPostgres } from '../db';
import { migrate } from '../migrations';
import { createTestDatabase } from '../testing/engines';
import { eventStoreContract } from './contract-suite';
import { createEventStoreDbStore } from './eventstoredb-store';
import { createPostgresEventStore, eventStoreMigrations } from './postgres-store';

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
    const store = createEventStoreDbStore(url);
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
    const store = createEventStoreDbStore(`esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`);
    return {
      store,
      close: async () => {
        await store.close();
        await container.stop();
      },
    };
  });
} else {
  console.warn('[skipped] EventStore contract: EventStoreDB (set EVENTSTOREDB_URL, or run where a Docker engine answers)');
  describe.skip('EventStore contract: EventStoreDB (no EVENTSTOREDB_URL and no Docker engine here)', () => it('skipped', () => {}));
}
