import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '@lectio/contracts/accounts';
import { streams } from '@lectio/contracts/events';
import { openPglite, type Db } from '@lectio/platform/db';
import { createPostgresEventStore } from '@lectio/platform/eventstore/postgres-store';
import type { EventStore } from '@lectio/platform/eventstore/port';
import { migrate } from '@lectio/platform/migrations';
import { rebuildProjection } from '@lectio/platform/projections/runner';
import { schemaMigrations } from '@lectio/platform/schema';
import { readUser, usersProjection } from './users';

let db: Db;
let store: EventStore;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db, schemaMigrations);
  store = createPostgresEventStore(db);
});
afterAll(() => db.close());

const append = (userId: string, e: UserEvent) =>
  store.append(streams.user(userId), [{ id: randomUUID(), type: e.type, schemaVersion: 1, data: e.data, metadata: { correlationId: randomUUID(), actor: { type: 'system' } } }]);

const snapshot = async () => (await db.query('SELECT * FROM users_view ORDER BY user_id')).rows;

describe('users read model', () => {
  it('projects registrations and password changes, and a rebuild gives the same rows', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await append(a, { type: 'UserRegistered', data: { userId: a, username: 'mary', email: 'Mary@Example.com', registeredAt: '2025-01-05T00:00:00.000Z' } });
    await append(b, { type: 'UserRegistered', data: { userId: b, username: 'martha', email: 'martha@example.com', registeredAt: '2025-01-06T00:00:00.000Z' } });
    await append(a, { type: 'PasswordResetRequested', data: { requestedAt: '2025-01-07T00:00:00.000Z', expiresAt: '2025-01-07T01:00:00.000Z' } });
    await append(a, { type: 'PasswordChanged', data: { reason: 'reset', changedAt: '2025-01-07T00:10:00.000Z' } });

    const head = await rebuildProjection(db, store, usersProjection);
    expect(head).toBe(await store.headPosition());
    const first = await snapshot();
    expect(first).toHaveLength(2);
    expect(await readUser(db, a)).toMatchObject({ id: a, username: 'mary', email: 'Mary@Example.com', createdAt: '2025-01-05T00:00:00.000Z', subscriptionStatus: 'inactive' });
    expect((await db.query<{ password_changed_at: Date }>('SELECT password_changed_at FROM users_view WHERE user_id = $1', [a])).rows[0]!.password_changed_at).toEqual(
      new Date('2025-01-07T00:10:00.000Z'),
    );

    await rebuildProjection(db, store, usersProjection);
    expect(await snapshot()).toEqual(first);
  });

  it('applying a registration twice changes nothing (idempotent)', async () => {
    const id = randomUUID();
    await append(id, { type: 'UserRegistered', data: { userId: id, username: 'lazarus', email: 'l@example.com', registeredAt: '2025-01-05T00:00:00.000Z' } });
    const [event] = await store.readStream(streams.user(id));
    await db.transaction(async (tx) => {
      await usersProjection.apply(tx, event!);
      await usersProjection.apply(tx, event!);
    });
    expect((await db.query('SELECT 1 FROM users_view WHERE user_id = $1', [id])).rows).toHaveLength(1);
  });

  it('answers undefined for a user it does not know', async () => {
    expect(await readUser(db, randomUUID())).toBeUndefined();
  });
});
