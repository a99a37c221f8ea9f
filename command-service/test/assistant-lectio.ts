import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { usagePeriodKey, type UsageEvent } from '@lectio/contracts/assistant';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import { startFakeOpenAi, type FakeOpenAi } from '@lectio/testing/openai';
import type { CommandOptions } from '../src/app';
import { loadEntitlement } from '../src/billing/entitlement';
import { subscriptionStream } from '../src/billing/subscription-stream';
import { startTestLectio, unique, type TestClient } from './test-lectio';
import { startTrialOnCard } from './trial';

export interface AssistantLectioOptions {
  /** Dollars per million tokens, set high by the budget tests so that one question is a visible sum. */
  prices?: { inputPerMTok: number; outputPerMTok: number };
  env?: Record<string, string>;
  commands?: CommandOptions;
}

type Started = Awaited<ReturnType<typeof startTestLectio>>;

/**
 * The assistant's API tests' one set-up: a whole Lectio on PGlite whose model is the local fake
 * OpenAI-compatible server, its library warmed before the first question, the fake's script reset
 * before each test. Called at the top of a test file (it registers the file's hooks).
 */
export function useAssistantLectio(options: AssistantLectioOptions = {}) {
  let fake: FakeOpenAi | undefined;
  let server: Started | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestLectio({
      commands: { ...options.commands, assistant: { warmUp: true, ...options.commands?.assistant } },
      env: {
        OPENAI_BASE_URL: fake.baseURL,
        OPENAI_API_KEY: 'sk-fake',
        ...(options.prices && {
          AI_PRICE_INPUT_PER_MTOK: String(options.prices.inputPerMTok),
          AI_PRICE_OUTPUT_PER_MTOK: String(options.prices.outputPerMTok),
        }),
        ...options.env,
      },
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => fake?.reset());

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The test Lectio is not running: use it inside a test.');
    return value;
  };
  let ip = 1;
  const fixture = {
    get t(): Started {
      return started(server);
    },
    get fake(): FakeOpenAi {
      return started(fake);
    },
    /** A loopback client (the sandbox's activate-subscription is a development route) with an address of its own. */
    local: (): TestClient => started(server).client(`127.0.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`),
    /** A read that waits for the reader's own last write (read-your-writes). */
    read: (c: TestClient, url: string) => c.get(url, c.position ? { [MIN_POSITION_HEADER]: c.position } : {}),
    /** A registered reader with no access, on a trial (a card saved), or Premium. */
    async reader(kind: 'inactive' | 'trial' | 'premium' = 'premium') {
      const c = fixture.local();
      const name = unique('asker');
      const r = await c.register(name, `${name}@example.com`);
      expect(r.status).toBe(201);
      if (kind === 'trial') expect((await startTrialOnCard(c)).status).toBe(200);
      if (kind === 'premium') expect((await c.post('/api/activate-subscription')).status).toBe(200);
      const userId: string = r.body.id;
      return { c, userId };
    },
    /** The reader's usage stream of the current period. */
    async usageStream(userId: string) {
      const { rt } = started(server).lectio;
      const e = await loadEntitlement(subscriptionStream(rt.store), userId, rt.clock.now());
      return {
        id: streams.usage(userId, usagePeriodKey(e.period.start)),
        periodStart: e.period.start,
        periodEnd: e.period.end,
      };
    },
    /** Its events, their fields read by name (a mistyped one fails the test's expectation, not the compiler). */
    async usageEvents(userId: string) {
      const events = await started(server).lectio.rt.store.readStream((await fixture.usageStream(userId)).id);
      return events.map((e) => ({ type: e.type, data: fieldsOf(e.data) }));
    },
    /** Money already spent this period, as one settled question appended to the reader's usage stream. */
    async spend(userId: string, micros: number) {
      const s = await fixture.usageStream(userId);
      const questionId = randomUUID();
      const at = new Date().toISOString();
      const events: UsageEvent[] = [
        {
          type: 'QuestionAsked',
          data: {
            questionId,
            kind: 'free',
            ...{ book: 'john', chapter: 1, verse: 1 },
            periodStart: s.periodStart,
            periodEnd: s.periodEnd,
            promptTokensEstimate: 1,
            maxOutputTokens: 1,
            reservedMicros: micros,
            askedAt: at,
          },
        },
        {
          type: 'QuestionAnswered',
          data: {
            questionId,
            promptTokens: 1,
            completionTokens: 1,
            totalTokens: 2,
            costMicros: micros,
            usageReported: true,
            completed: true,
            answeredAt: at,
          },
        },
      ];
      const metadata = { correlationId: randomUUID(), actor: { type: 'system' as const } };
      await started(server).lectio.rt.store.append(
        s.id,
        events.map((e) => ({ id: randomUUID(), schemaVersion: 1, metadata, ...e })),
        { expectedVersion: 'any' },
      );
      return s;
    },
  };
  return fixture;
}

function fieldsOf(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null ? Object.fromEntries(Object.entries(data)) : {};
}
