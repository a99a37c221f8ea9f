import { openPglite, type Db } from '../db';
import { createPostgresEventStore } from '../eventstore/postgres-store';
import type { EventStore } from '../eventstore/port';
import { migrate } from '../migrations';
import { schemaMigrations } from '../schema';

export interface TestEventStore {
  db: Db;
  store: EventStore;
  close(): Promise<void>;
}

/** For tests: a fresh in-memory PostgreSQL (PGlite) with every migration applied, and the event store on it. */
export async function openTestEventStore(): Promise<TestEventStore> {
  const db = await openPglite();
  await migrate(db, schemaMigrations);
  return { db, store: createPostgresEventStore(db), close: () => db.close() };
}
