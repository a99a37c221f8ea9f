import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserEvent, UserResponse } from '@lectio/contracts/accounts';
import type { SubscriptionEvent } from '@lectio/contracts/billing';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import {
  billingProviderOf,
  createClock,
  createLogger,
  loadConfig,
  migrate,
  openPglite,
  platformMigrations,
  type Runtime,
  Sessions,
} from '@lectio/platform';
import { createInProcessBus } from '@lectio/platform/bus';
import { createPostgresEventStore } from '@lectio/platform/eventstore';
import { createHttpApp } from '@lectio/platform/http';
import { ProjectionWatch, runProjection } from '@lectio/platform/projections';
import { readModelMigrations, usersProjection } from '@lectio/projections';
import { createQuerySide } from '../app';

// The query side alone: an in-memory database, events appended directly, the users projection
// running in the background as it does in production, sessions inserted as the command side would.
let rt: Runtime;
let app: FastifyInstance;
const workers = new AbortController();
let running: Promise<void>;

beforeAll(async () => {
  const db = await openPglite();
  await migrate(db, [...platformMigrations, ...readModelMigrations]);
  const store = createPostgresEventStore(db, { pollIntervalMs: 50 });
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'q'.repeat(40), LOG_LEVEL: 'silent' });
  rt = {
    config,
    logger: createLogger({ level: 'silent' }),
    db,
    store,
    bus: createInProcessBus(),
    clock: createClock({ production: false }),
    sessions: new Sessions(db, config),
    progress: new ProjectionWatch(db),
    health: new Map(),
    close: async () => {},
  };
  app = await createHttpApp(rt, 'query');
  await app.register(
    createQuerySide(rt, { readModels: [usersProjection.name], billingProvider: billingProviderOf(rt.config) }).routes!,
  );
  running = runProjection({ db, store, projection: usersProjection, signal: workers.signal, watch: rt.progress });
});
afterAll(async () => {
  await app.close();
  workers.abort();
  await running;
  await rt.db.close();
});

async function registered(username: string) {
  const userId = randomUUID();
  const event: UserEvent = {
    type: 'UserRegistered',
    data: { userId, username, email: `${username}@example.com`, registeredAt: '2025-01-05T10:00:00.000Z' },
  };
  const { position } = await rt.store.append(streams.user(userId), [
    {
      id: randomUUID(),
      type: event.type,
      schemaVersion: 1,
      data: event.data,
      metadata: { correlationId: randomUUID(), actor: { type: 'user', id: userId } },
    },
  ]);
  return { userId, position };
}

/** A session row and its signed cookie, as the command side's Sessions.start makes them. */
async function cookieFor(userId: string, at = new Date()) {
  const token = randomBytes(32).toString('base64url');
  await rt.db.query(
    'INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)',
    [createHash('sha256').update(token).digest('hex'), userId, at, new Date(at.getTime() + 30 * 86400_000)],
  );
  return `lectio_session=${encodeURIComponent(app.signCookie(token))}`;
}

describe('GET /api/user', () => {
  it('is 401 Not authenticated without a session', async () => {
    const res = await app.inject('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated' });
  });

  it('answers the user from the read model, waiting for the position the client sends', async () => {
    const { userId, position } = await registered('junia');
    const res = await app.inject({
      url: '/api/user',
      headers: { cookie: await cookieFor(userId), [MIN_POSITION_HEADER]: position.toString() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(UserResponse.parse(res.json())).toEqual({
      id: userId,
      username: 'junia',
      email: 'junia@example.com',
      createdAt: '2025-01-05T10:00:00.000Z',
      emailVerified: false,
      faithJourney: null,
      communicationStyle: null,
      lastPreferenceReminder: null,
      subscriptionStatus: 'inactive',
      paymentMethodProvided: false,
      stripeSubscriptionId: null,
      trialEndsAt: null,
      currentPeriodEnd: null,
    });
  });

  it('without a position it still waits (briefly) for a user the read model does not show yet', async () => {
    const { userId } = await registered('andronicus');
    const res = await app.inject({ url: '/api/user', headers: { cookie: await cookieFor(userId) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('andronicus');
  });

  it('shows the subscription columns the users projection fills from subscription events', async () => {
    const { userId } = await registered('persis');
    const cookie = await cookieFor(userId);
    const events: SubscriptionEvent[] = [
      {
        type: 'PaymentMethodAdded',
        data: {
          paymentMethodId: 'pm_1',
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear: 2031,
          customerId: 'cus_1',
          addedAt: '2025-01-05T10:00:00.000Z',
        },
      },
      { type: 'DefaultPaymentMethodSet', data: { paymentMethodId: 'pm_1', setAt: '2025-01-05T10:00:00.000Z' } },
      {
        type: 'SubscriptionActivated',
        data: {
          invoiceId: 'in_1',
          amountCents: 1500,
          periodStart: '2025-01-19T10:00:00.000Z',
          periodEnd: '2025-02-19T10:00:00.000Z',
          customerId: 'cus_1',
          providerSubscriptionId: 'sub_123',
          activatedAt: '2025-01-19T10:00:00.000Z',
        },
      },
    ];
    const { position } = await rt.store.append(
      streams.subscription(userId),
      events.map((e) => ({
        id: randomUUID(),
        type: e.type,
        schemaVersion: 1,
        data: e.data,
        metadata: { correlationId: randomUUID(), actor: { type: 'system' as const } },
      })),
    );
    const res = await app.inject({ url: '/api/user', headers: { cookie, [MIN_POSITION_HEADER]: position.toString() } });
    expect(res.json()).toMatchObject({
      subscriptionStatus: 'active',
      paymentMethodProvided: true,
      stripeSubscriptionId: 'sub_123',
      currentPeriodEnd: '2025-02-19T10:00:00.000Z',
    });
  });

  it('refuses a session past its idle timeout', async () => {
    const { userId } = await registered('tryphena');
    const cookie = await cookieFor(userId, new Date(Date.now() - 8 * 86400_000));
    expect((await app.inject({ url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });
});
