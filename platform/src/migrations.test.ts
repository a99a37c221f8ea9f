import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from './db';
import { migrate } from './migrations';
import { platformMigrations } from './platform-migrations';
import { createTestDatabase } from './testing/engines';

const pg = await createTestDatabase();

describe.skipIf(!pg)('migrations on PostgreSQL', () => {
  const dbs: Db[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await pg?.drop();
  });

  it('given a fresh database, when three services migrate at the same moment, then each succeeds and every migration is applied once', async () => {
    for (let i = 0; i < 3; i++) dbs.push(await openPostgres(pg!.url, { max: 2 }));
    const results = await Promise.all(dbs.map((db) => migrate(db, platformMigrations)));
    expect(results.flat().sort()).toEqual(platformMigrations.map((m) => m.id).sort());
    const { rows } = await dbs[0].query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0].n).toBe(platformMigrations.length);
  });
});
