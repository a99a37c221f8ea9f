import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageEvent } from '@lectio/contracts/assistant';
import { accessOf } from '@lectio/contracts/billing';
import { MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import { createClock, createLogger, type Db, migrate, openPostgres, platformMigrations } from '@lectio/platform';
import { createPostgresEventStore, type EventStore } from '@lectio/platform/eventstore';
import { createTestDatabase } from '@lectio/platform/testing';
import { accountMigrations } from '../../accounts/migrations';
import type { AiPort } from '../ai/port';
import { userStream } from '../../accounts/user-stream';
import { createAssistant } from '../ask';
import { usageStream } from './usage-stream';
import { ChatRateLimit } from '../chat-rate-limit';
import { usageDecider } from './usage-decider';

// The budget race on a real PostgreSQL server, where appends really run concurrently (separate
// connections), with a metered model that takes its time: many questions at 99% of the budget,
// sent at once, and exactly as many answered as the budget can pay for.
const database = await createTestDatabase();

describe.skipIf(!database)('hard budget on PostgreSQL: concurrent questions at 99%', () => {
  let db: Db;
  let store: EventStore;
  beforeAll(async () => {
    db = await openPostgres(database!.url, { max: 10 });
    await migrate(db, [...platformMigrations, ...accountMigrations]); // the chat limit counts in accounts' rate_limit_buckets
    store = createPostgresEventStore(db);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  const prices = { inputPerMTok: 10, outputPerMTok: 30 };
  const PROMPT = 1000; // tokens the fake port says its prompt has
  let modelCalls = 0;
  const slowModel: AiPort = {
    source: 'ai',
    metered: true,
    async prepare() {
      return {
        promptTokensEstimate: PROMPT,
        countTokens: (text: string) => text.length,
        async answer(options) {
          modelCalls++;
          await new Promise((r) => setTimeout(r, 50));
          return {
            text: 'Grace (Ephesians 2:8).',
            source: 'ai',
            usage: {
              promptTokens: PROMPT,
              completionTokens: options.maxOutputTokens,
              totalTokens: PROMPT + options.maxOutputTokens,
            },
            completed: true,
            readerLeft: false,
          };
        },
      };
    },
  };

  it('eight questions at once with room for one worst case: one answered, seven refused, never past the budget', async () => {
    const userId = randomUUID();
    const periodStart = '2026-11-01T00:00:00.000Z';
    const periodEnd = '2026-12-01T00:00:00.000Z';
    const assistant = createAssistant({
      store,
      users: userStream(store),
      usage: usageStream(store),
      ai: slowModel,
      clock: createClock({ production: false }),
      logger: createLogger({ level: 'silent', name: 'test' }),
      prices,
      rateLimit: new ChatRateLimit(db, { max: 100, windowMs: 60_000 }),
      maxOutputTokens: 800,
      loadEntitlement: async (_userId, now) => ({
        ...accessOf(
          { subscriptionStatus: 'active', trialEndsAt: null, currentPeriodEnd: periodEnd, paymentMethodProvided: true },
          now,
        ),
        period: { start: periodStart, end: periodEnd },
      }),
    });
    // One worst case is 1000 x 10 + 800 x 30 = 34,000 micro-dollars; leave that plus less than a second prompt.
    const left = 34_000 + 9_999;
    const stream = streams.usage(userId, '20261101');
    const earlier: UsageEvent[] = [
      {
        type: 'QuestionAsked',
        data: {
          questionId: 'e',
          kind: 'free',
          book: 'john',
          chapter: 1,
          verse: 1,
          periodStart,
          periodEnd,
          promptTokensEstimate: 1,
          maxOutputTokens: 1,
          reservedMicros: MONTHLY_BUDGET_MICROS - left,
          askedAt: periodStart,
        },
      },
      {
        type: 'QuestionAnswered',
        data: {
          questionId: 'e',
          promptTokens: 1,
          completionTokens: 1,
          totalTokens: 2,
          costMicros: MONTHLY_BUDGET_MICROS - left,
          usageReported: true,
          completed: true,
          answeredAt: periodStart,
        },
      },
    ];
    await store.append(
      stream,
      earlier.map((e) => ({
        id: randomUUID(),
        schemaVersion: 1,
        metadata: { correlationId: 'seed', actor: { type: 'system' as const } },
        ...e,
      })),
    );
    const request = {
      message: 'What is grace?',
      context: { book: 'ephesians', chapter: 2, verse: 8, verseText: '', translation: 'web' as const },
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        assistant.ask(userId, request, { correlationId: randomUUID(), actor: { type: 'user', id: userId } }),
      ),
    );
    const answered = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes
      .filter((o) => o.status === 'rejected')
      .map((o) => (o as PromiseRejectedResult).reason as Error);
    expect(answered).toHaveLength(1);
    expect(refused).toHaveLength(7);
    // What is unspent would pay for another answer but for the one being written: each refusal says so, not that the month is over.
    expect(refused.every((e) => e.message.includes('the answer still being written holds part of it'))).toBe(true);
    expect(modelCalls).toBe(1);
    const state = (await store.readStream(stream)).reduce(
      (s, e) => usageDecider.evolve(s, { type: e.type, data: e.data } as UsageEvent),
      usageDecider.initialState(),
    );
    expect(state.heldMicros).toBe(0);
    expect(state.spentMicros).toBeLessThanOrEqual(MONTHLY_BUDGET_MICROS);
    expect(state.spentMicros).toBe(MONTHLY_BUDGET_MICROS - left + 34_000);
  }, 60_000);
});
