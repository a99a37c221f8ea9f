import { openPglite, type Db } from '../db';
import { createPostgresEventStore } from '../eventstore/postgres-store';
import type { EventStore } from '../eventstore/port';
import { migrate, type Migration } from '../migrations';
import { platformMigrations } from '../platform-migrations';

export interface TestEventStore {
  db: Db;
  store: EventStore;
  close(): Promise<void>;
}

/**
 * For tests: a fresh in-memory PostgreSQL (PGlite) with the platform's tables and the given
 * modules' migrations applied, and the event store on it.
 */
export async function openTestEventStore(migrations: Migration[] = []): Promise<TestEventStore> {
  const db = await openPglite();
  await migrate(db, [...platformMigrations, ...migrations]);
  return { db, store: createPostgresEventStore(db), close: () => db.close() };
}
