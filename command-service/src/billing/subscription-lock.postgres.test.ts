import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openPostgres } from '@lectio/platform';
import { createTestDatabase } from '@lectio/platform/testing';
import { SubscriptionLocks } from './subscription-lock';

// One subscription's use cases one at a time on PostgreSQL, where command instances run in
// processes of their own: another process holding the reader's lock (a connection of its own, as
// another instance would) keeps this one waiting; another reader is not kept waiting.
const database = await createTestDatabase();

describe.skipIf(!database)('subscription locks on PostgreSQL', () => {
  let db: Db;
  let other: Db;
  beforeAll(async () => {
    db = await openPostgres(database!.url, { max: 4 });
    other = await openPostgres(database!.url, { max: 1 });
  });
  afterAll(async () => {
    await db?.close();
    await other?.close();
    await database?.drop();
  });

  it('waits while another process holds the reader’s lock, not for another reader; re-entrant within a use case', async () => {
    const locks = new SubscriptionLocks(db);
    const reader = randomUUID();
    const log: string[] = [];
    let releaseOther = () => {};
    const otherHolds = other.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(15, hashtext($1))', [reader]);
      log.push('other: locked');
      await new Promise<void>((resolve) => {
        releaseOther = resolve;
      });
      log.push('other: done');
    });
    await expect.poll(() => log.includes('other: locked')).toBe(true);

    const ours = locks.run(reader, async () => {
      log.push('ours: running');
      // A use case that runs another for the same reader does not wait for itself.
      await locks.run(reader, async () => void log.push('ours: nested'));
    });
    const elsewhere = await locks.run(randomUUID(), async () => 'another reader ran');
    expect(elsewhere).toBe('another reader ran');
    await new Promise((r) => setTimeout(r, 300));
    expect(log).toEqual(['other: locked']);

    releaseOther();
    await Promise.all([otherHolds, ours]);
    expect(log).toEqual(['other: locked', 'other: done', 'ours: running', 'ours: nested']);
  });

  it('in one process: use cases for one reader never overlap', async () => {
    const locks = new SubscriptionLocks(db);
    const reader = randomUUID();
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        locks.run(reader, async () => {
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 20));
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
