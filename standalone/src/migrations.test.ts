import { afterAll, describe, expect, it } from 'vitest';
import { commandMigrations } from '@lectio/command-service';
import { type Db, migrate, openPglite, openPostgres, platformMigrations } from '@lectio/platform';
import { createTestDatabase } from '@lectio/platform/testing';
import { readModelMigrations, readModels } from '@lectio/projections';
import { lectioMigrations } from './server';

const tablesOf = async (db: Db) =>
  new Set(
    (
      await db.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public'",
      )
    ).rows.map((r) => r.t),
  );

describe('each module declares its own tables', () => {
  it('no two modules use one migration id', () => {
    const ids = [...platformMigrations, ...lectioMigrations].map((m) => m.id);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it.each(readModels.map((p) => [p.name, p] as const))(
    'read model %s: its own migrations create every table a rebuild empties',
    async (_name, projection) => {
      const db = await openPglite();
      try {
        await migrate(db, [...platformMigrations, ...projection.migrations]);
        const tables = await tablesOf(db);
        for (const table of projection.tables) expect(tables, table).toContain(table);
      } finally {
        await db.close();
      }
    },
  );
});

const pg = await createTestDatabase();

describe.skipIf(!pg)('migrations on PostgreSQL, as the three services start', () => {
  const dbs: Db[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.close()));
    await pg?.drop();
  });

  it('given a fresh database, when command-service, query-service and projections migrate at the same moment, then every table exists once', async () => {
    const lists = [
      [...platformMigrations, ...commandMigrations, ...readModelMigrations],
      [...platformMigrations, ...readModelMigrations],
      [...platformMigrations, ...readModelMigrations],
    ];
    for (let i = 0; i < lists.length; i++) dbs.push(await openPostgres(pg!.url, { max: 2 }));
    const results = await Promise.all(dbs.map((db, i) => migrate(db, lists[i]!)));
    const all = [...platformMigrations, ...lectioMigrations].map((m) => m.id);
    expect(results.flat().sort()).toEqual([...all].sort());
    const tables = await tablesOf(dbs[0]!);
    for (const t of [
      'es_events',
      'sessions',
      'credentials',
      'mail_outbox',
      'billing_schedule',
      'stripe_webhook_events',
      'users_view',
      'assistant_chat_history_view',
    ])
      expect(tables, t).toContain(t);
  });
});
