import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '@lectio/contracts/accounts';
import { streams } from '@lectio/contracts/events';
import type { Db } from '@lectio/platform';
import type { EventStore } from '@lectio/platform/eventstore';
import { projectEvents, rebuildProjection, runProjection } from '@lectio/platform/projections';
import { openTestEventStore } from '@lectio/platform/testing';
import { readModelMigrations } from '../index';
import { readUser, usersProjection } from './users';

let db: Db;
let store: EventStore;
let close: () => Promise<void>;
beforeAll(async () => ({ db, store, close } = await openTestEventStore(readModelMigrations)));
afterAll(() => close());

const append = (userId: string, e: UserEvent) =>
  store.append(streams.user(userId), [
    {
      id: randomUUID(),
      type: e.type,
      schemaVersion: 1,
      data: e.data,
      metadata: { correlationId: randomUUID(), actor: { type: 'system' } },
    },
  ]);

const snapshot = async () => (await db.query('SELECT * FROM users_view ORDER BY user_id')).rows;

describe('users read model', () => {
  it('projects registrations and password changes live, and a rebuild gives the live rows back', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await append(a, {
      type: 'UserRegistered',
      data: { userId: a, username: 'mary', email: 'Mary@Example.com', registeredAt: '2025-01-05T00:00:00.000Z' },
    });
    await append(b, {
      type: 'UserRegistered',
      data: { userId: b, username: 'martha', email: 'martha@example.com', registeredAt: '2025-01-06T00:00:00.000Z' },
    });
    await append(a, {
      type: 'PasswordResetRequested',
      data: { requestedAt: '2025-01-07T00:00:00.000Z', expiresAt: '2025-01-07T01:00:00.000Z' },
    });
    await append(a, { type: 'PasswordChanged', data: { reason: 'reset', changedAt: '2025-01-07T00:10:00.000Z' } });

    // The live projector, as it runs in production, until it has passed the head.
    const head = await store.headPosition();
    const live = new AbortController();
    const running = runProjection({
      db,
      store,
      projection: usersProjection,
      signal: live.signal,
      onCheckpoint: (_n, p) => p >= head && live.abort(),
    });
    await running;
    const projected = await snapshot();
    expect(projected).toHaveLength(2);
    expect(await readUser(db, a)).toMatchObject({
      id: a,
      username: 'mary',
      email: 'Mary@Example.com',
      createdAt: '2025-01-05T00:00:00.000Z',
      subscriptionStatus: 'inactive',
    });
    expect(
      (
        await db.query<{ password_changed_at: Date }>('SELECT password_changed_at FROM users_view WHERE user_id = $1', [
          a,
        ])
      ).rows[0]!.password_changed_at,
    ).toEqual(new Date('2025-01-07T00:10:00.000Z'));

    // A damaged table (a stray row, a changed value) must come back exactly as the live projector
    // left it: this fails if the rebuild does not empty every table it owns.
    await db.query(
      `INSERT INTO users_view (user_id, username, email, created_at) VALUES ($1, 'stray', 'stray@example.com', now())`,
      [randomUUID()],
    );
    await db.query(`UPDATE users_view SET username = 'damaged' WHERE user_id = $1`, [b]);
    expect(await rebuildProjection(db, store, usersProjection)).toBe(head);
    expect(await snapshot()).toEqual(projected);
  });

  it('applying a registration twice changes nothing (idempotent)', async () => {
    const id = randomUUID();
    await append(id, {
      type: 'UserRegistered',
      data: { userId: id, username: 'lazarus', email: 'l@example.com', registeredAt: '2025-01-05T00:00:00.000Z' },
    });
    const [event] = await store.readStream(streams.user(id));
    await db.transaction(async (tx) => {
      await projectEvents(tx, usersProjection, [event!, event!]);
    });
    expect((await db.query('SELECT 1 FROM users_view WHERE user_id = $1', [id])).rows).toHaveLength(1);
  });

  it('answers undefined for a user it does not know', async () => {
    expect(await readUser(db, randomUUID())).toBeUndefined();
  });
});
