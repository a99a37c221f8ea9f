import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistantMessages, usagePeriodKey } from '@lectio/contracts/assistant';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import { startFakeOpenAi, type FakeOpenAi } from '@lectio/testing/openai';
import { loadEntitlement } from '../billing/entitlement';
import { startTestLectio, unique } from '../../test/test-lectio';

// The model server misbehaves mid-question: it stalls before answering, stalls or breaks off after
// some text, or fails. The reader gets the apology within the answer timeout (4 s here), and is
// charged nothing for no answer and never more than the reservation for part of one.
const TIMEOUT_MS = 4000;
/** The timeout, and room for a loaded machine; still well under one 20 s first-word wait, let alone three. */
const WITHIN = TIMEOUT_MS + 8000;
let fake: FakeOpenAi;
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestLectio({
    env: {
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: 'sk-fake',
      AI_ANSWER_TIMEOUT_MS: String(TIMEOUT_MS),
      AI_PRICE_INPUT_PER_MTOK: '10',
      AI_PRICE_OUTPUT_PER_MTOK: '30',
    },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

let ip = 1;
async function premiumReader() {
  const c = t.client(`127.0.44.${ip++}`);
  const name = unique('stalled');
  const r = await c.register(name, `${name}@example.com`);
  expect(r.status).toBe(201);
  expect((await c.post('/api/activate-subscription')).status).toBe(200);
  return { c, userId: r.body.id as string };
}

const question = { message: 'What does this verse say about God?', context: { book: 'john', chapter: 3, verse: 16, verseText: '' } };

async function usageEvents(userId: string) {
  const e = await loadEntitlement(t.lectio.rt.store, userId, t.lectio.rt.clock.now());
  const events = await t.lectio.rt.store.readStream(streams.usage(userId, usagePeriodKey(e.period.start)));
  return events.map((x) => ({ type: x.type, data: x.data as Record<string, unknown> }));
}

function sse(body: string) {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown }));
}

describe('the model stalling, failing or breaking off mid-answer', () => {
  it('stalls before the first word (every attempt): the apology within the timeout, and nothing charged', async () => {
    const { c, userId } = await premiumReader();
    fake.script({ kind: 'stall' }, { kind: 'stall' }, { kind: 'stall' });
    const started = Date.now();
    const r = await c.post('/api/chat', question);
    expect(Date.now() - started).toBeLessThan(WITHIN);
    expect(r).toMatchObject({ status: 503, body: { message: assistantMessages.apology } });
    expect((await usageEvents(userId)).map((e) => e.type)).toEqual(['QuestionAsked', 'QuestionReleased']);
    const usage = await c.get('/api/user/usage', { [MIN_POSITION_HEADER]: c.position ?? '0' });
    expect(usage.body).toMatchObject({ totalQuestions: 0, totalCost: 0 });
  });

  it('stalls after some text: the words so far, then the apology within the timeout; charged at most the reservation', async () => {
    const { c, userId } = await premiumReader();
    fake.script({ kind: 'stall', afterChunks: 3, text: 'God so loved the world that he gave his only Son, John 3:16 says.' });
    const started = Date.now();
    const r = await c.post('/api/chat/stream', question);
    expect(Date.now() - started).toBeLessThan(WITHIN);
    const events = sse(String(r.body));
    expect(events.filter((e) => e.event === 'delta').length).toBe(3);
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: assistantMessages.apology } });
    const usage = await usageEvents(userId);
    const asked = usage.find((e) => e.type === 'QuestionAsked')!;
    const answered = usage.find((e) => e.type === 'QuestionAnswered')!;
    expect(answered.data).toMatchObject({ completed: false });
    expect(answered.data.costMicros).toBeLessThanOrEqual(asked.data.reservedMicros as number);
  });

  it('fails with a 5xx on every attempt: the apology, nothing charged, and the next question is answered', async () => {
    const { c, userId } = await premiumReader();
    fake.script({ kind: 'status', status: 500 }, { kind: 'status', status: 502 }, { kind: 'status', status: 503 });
    const r = await c.post('/api/chat', question);
    expect(r).toMatchObject({ status: 503, body: { message: assistantMessages.apology } });
    expect((await usageEvents(userId)).map((e) => e.type)).toEqual(['QuestionAsked', 'QuestionReleased']);
    // The server is back: the reader asks again and is answered (and charged for that answer only).
    const again = await c.post('/api/chat', question);
    expect(again.status).toBe(200);
    expect((await usageEvents(userId)).filter((e) => e.type === 'QuestionAnswered')).toHaveLength(1);
  });

  it('breaks off mid-answer: the words so far, then the apology; charged at most the reservation', async () => {
    const { c, userId } = await premiumReader();
    fake.script({ kind: 'drop-mid-answer', afterChunks: 2 });
    const events = sse(String((await c.post('/api/chat/stream', question)).body));
    expect(events.filter((e) => e.event === 'delta').length).toBe(2);
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: assistantMessages.apology } });
    const usage = await usageEvents(userId);
    const asked = usage.find((e) => e.type === 'QuestionAsked')!;
    const answered = usage.find((e) => e.type === 'QuestionAnswered')!;
    expect(answered.data.costMicros).toBeLessThanOrEqual(asked.data.reservedMicros as number);
  });
});
