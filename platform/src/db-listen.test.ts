import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres, type Db } from './db';
import { createTestDatabase } from './testing/engines';

const pg = await createTestDatabase();

// Read-your-writes and the event-store subscription hear PostgreSQL NOTIFY on a dedicated
// connection; when the server cuts it (a restart, a failover, an idle-killer), they must hear again.
describe.skipIf(!pg)('LISTEN on PostgreSQL', () => {
  let db: Db;
  afterAll(async () => {
    await db?.close();
    await pg?.drop();
  });

  it('given a listener whose connection the server terminates, it listens again, says so, and hears the next notification', async () => {
    db = await openPostgres(pg!.url, { max: 2 });
    const heard: string[] = [];
    let resumed = 0;
    const stop = await db.listen(
      'lectio_test_channel',
      (payload) => heard.push(payload),
      () => resumed++,
    );
    await db.query(`SELECT pg_notify('lectio_test_channel', 'before')`);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['before']);

    const killed = await db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
    );
    expect(killed.rows[0]!.n).toBe(1);
    await expect.poll(() => resumed, { timeout: 10_000 }).toBe(1);

    await db.query(`SELECT pg_notify('lectio_test_channel', 'after')`);
    await expect.poll(() => heard, { timeout: 5000 }).toEqual(['before', 'after']);

    await stop();
    await db.query(`SELECT pg_notify('lectio_test_channel', 'stopped')`);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual(['before', 'after']);
  });
});
