import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@lectio/contracts/events';
import { openPglite, type Db, type Queryable } from '../db';
import { migrate } from '../migrations';
import { platformMigrations } from '../platform-migrations';
import { postgreSQLProjection, projectEvents, rememberedReads } from './projection';
import { rebuildProjection } from './runner';
import { createPostgresEventStore } from '../eventstore/postgres-store';

type Named = { type: 'Named'; data: { id: string; name: string } };
const names = postgreSQLProjection<Named>({
  name: 'names-remembered',
  migrations: [{ id: '900_names', sql: 'CREATE TABLE names (id TEXT PRIMARY KEY, name TEXT NOT NULL)' }],
  tables: ['names'],
  canHandle: ['Named'],
  handle: async (tx, e) => {
    await tx.query('INSERT INTO names (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = $2', [
      e.data.id,
      e.data.name,
    ]);
  },
});
const remembered = rememberedReads<string>(names.name);
let reads = 0;
const readName = (q: Queryable, id: string) =>
  remembered(q, id, async () => {
    reads++;
    return (await q.query<{ name: string }>('SELECT name FROM names WHERE id = $1', [id])).rows[0]?.name;
  });

let db: Db;
let position = 0n;
const named = (id: string, name: string): RecordedEvent => ({
  id: randomUUID(),
  type: 'Named',
  schemaVersion: 1,
  data: { id, name },
  metadata: { correlationId: 'c', actor: { type: 'system' } },
  streamId: `names-${id}`,
  revision: 0n,
  position: ++position,
  createdAt: new Date(),
});
const project = (...events: RecordedEvent[]) => db.transaction((tx) => projectEvents(tx, names, events));

beforeAll(async () => {
  db = await openPglite();
  await migrate(db, [...platformMigrations, ...names.migrations]);
});
afterAll(() => db.close());

describe('reads of a read model remembered on the embedded database', () => {
  it('reads the row once, and again as soon as the projection changes it', async () => {
    await project(named('a', 'Anna'));
    reads = 0;
    expect(await readName(db, 'a')).toBe('Anna');
    expect(await readName(db, 'a')).toBe('Anna');
    expect(reads).toBe(1);
    await project(named('a', 'Hannah'));
    expect(await readName(db, 'a')).toBe('Hannah');
    expect(reads).toBe(2);
  });

  it('a read queued behind the projecting transaction answers the new row and is not kept under the old generation', async () => {
    await project(named('b', 'Boaz'));
    expect(await readName(db, 'b')).toBe('Boaz');
    const changing = project(named('b', 'Barnabas'));
    const racing = readName(db, 'b');
    await changing;
    expect(['Boaz', 'Barnabas']).toContain(await racing);
    expect(await readName(db, 'b')).toBe('Barnabas');
  });

  it('forgets everything when a rebuild empties the tables', async () => {
    await project(named('c', 'Cornelius'));
    expect(await readName(db, 'c')).toBe('Cornelius');
    // The log holds nothing for this projection: the rebuild leaves the table empty.
    await rebuildProjection(db, createPostgresEventStore(db), names);
    expect(await readName(db, 'c')).toBeUndefined();
  });

  it('reads the database every time inside a transaction (or on a PostgreSQL server)', async () => {
    await project(named('d', 'Dorcas'));
    reads = 0;
    await db.transaction(async (tx) => {
      await readName(tx, 'd');
      await readName(tx, 'd');
    });
    expect(reads).toBe(2);
  });
});
