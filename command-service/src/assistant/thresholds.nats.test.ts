import { randomUUID } from 'node:crypto';
import { connect, headers } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UsageEvent, usagePeriodKey } from '@lectio/contracts/assistant';
import { MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import { streams, toEventMessage } from '@lectio/contracts/events';
import { freePort, NatsServerProcess } from '@lectio/platform/testing';
import { loadEntitlement } from '../billing/entitlement';
import { subscriptionStream } from '../billing/subscription-stream';
import { startTestLectio, unique } from '../../test/test-lectio';
import { type FakeOpenAi, startFakeOpenAi } from '@lectio/testing/openai';

// The budget-threshold policy consuming QuestionAnswered from a real nats-server (the whole app
// relays its events to JetStream): 80% is recorded once, also when the message is delivered again.
const natsPresent = NatsServerProcess.available();

describe.skipIf(!natsPresent)('budget thresholds over NATS JetStream', () => {
  let nats: NatsServerProcess;
  let fake: FakeOpenAi;
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    nats = new NatsServerProcess(await freePort());
    await nats.start();
    fake = await startFakeOpenAi();
    t = await startTestLectio({
      commands: { assistant: { warmUp: true } },
      env: {
        NATS_URL: nats.url,
        OPENAI_BASE_URL: fake.baseURL,
        AI_PRICE_INPUT_PER_MTOK: '10',
        AI_PRICE_OUTPUT_PER_MTOK: '30',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await nats?.dispose();
  });

  it('80% once, even when QuestionAnswered is delivered again', async () => {
    const c = t.client('127.0.8.1');
    const name = unique('nats');
    const userId = (await c.register(name, `${name}@example.com`)).body.id as string;
    expect((await c.post('/api/activate-subscription')).status).toBe(200);
    const e = await loadEntitlement(subscriptionStream(t.lectio.rt.store), userId, t.lectio.rt.clock.now());
    const stream = streams.usage(userId, usagePeriodKey(e.period.start));
    const metadata = { correlationId: randomUUID(), actor: { type: 'system' as const } };
    const spent: UsageEvent[] = [
      {
        type: 'QuestionAsked',
        data: {
          questionId: 'x',
          kind: 'free',
          book: 'john',
          chapter: 1,
          verse: 1,
          periodStart: e.period.start,
          periodEnd: e.period.end,
          promptTokensEstimate: 1,
          maxOutputTokens: 1,
          reservedMicros: 1,
          askedAt: new Date().toISOString(),
        },
      },
      {
        type: 'QuestionAnswered',
        data: {
          questionId: 'x',
          promptTokens: 1,
          completionTokens: 1,
          totalTokens: 2,
          costMicros: MONTHLY_BUDGET_MICROS * 0.8 - 10,
          usageReported: true,
          completed: true,
          answeredAt: new Date().toISOString(),
        },
      },
    ];
    await t.lectio.rt.store.append(
      stream,
      spent.map((ev) => ({ id: randomUUID(), schemaVersion: 1, metadata, ...ev })),
      { expectedVersion: 'any' },
    );
    const r = await c.post('/api/chat', {
      message: 'What is love?',
      context: { book: 'john', chapter: 3, verse: 16, verseText: '' },
    });
    expect(r.status).toBe(200);
    const thresholds = async () =>
      (await t.lectio.rt.store.readStream(stream))
        .filter((ev) => ev.type === 'BudgetThresholdReached')
        .map((ev) => (ev.data as { threshold: number }).threshold);
    await expect.poll(thresholds, { timeout: 15_000, interval: 200 }).toEqual([80]);

    const answered = (await t.lectio.rt.store.readStream(stream))
      .filter((ev) => ev.type === 'QuestionAnswered')
      .at(-1)!;
    const nc = await connect({ servers: nats.url });
    const h = headers();
    h.set('Nats-Msg-Id', `redelivery-${randomUUID()}`);
    await nc
      .jetstream()
      .publish('lectio.events.usage.QuestionAnswered', JSON.stringify(toEventMessage(answered)), { headers: h });
    await nc.close();
    await new Promise((res) => setTimeout(res, 1500));
    expect(await thresholds()).toEqual([80]);
  }, 90_000);
});
