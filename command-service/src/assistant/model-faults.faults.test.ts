import { beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages } from '@lectio/contracts/assistant';
import { type TokenCounter, tokenCounterFor } from './ai/token-count';
import { costMicros } from './budget/usage-decider';
import { useAssistantLectio } from '../../test/assistant-lectio';

// The model misbehaving mid-answer, with a short answer timeout (3 s): stalling before or after
// some text, failing on every attempt, or cutting its stream off mid-answer. The reader gets the
// apology within the timeout, and pays for nothing beyond what was produced.
const TIMEOUT_MS = 3000;
/** What the answer may take past the timeout: the settlement and the request around it, on a loaded machine. */
const GRACE_MS = 5000;
const PRICES = { inputPerMTok: 10, outputPerMTok: 30 };
const lectio = useAssistantLectio({ prices: PRICES, env: { AI_ANSWER_TIMEOUT_MS: String(TIMEOUT_MS) } });
const { read, usageEvents } = lectio;
const premiumReader = () => lectio.reader('premium');
let countTokens: TokenCounter;
beforeAll(async () => {
  countTokens = await tokenCounterFor('gpt-4o-mini')();
});

const free = { message: 'What does this verse say about God?', context: { book: 'john', chapter: 3, verse: 16 } };

const sse = (body: string) =>
  body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as Record<string, string>,
    }));

describe('the model stalling or breaking mid-answer', { timeout: 60_000 }, () => {
  it('silent before the first word (every attempt): the apology within the answer timeout, and the question costs nothing', async () => {
    const { c, userId } = await premiumReader();
    lectio.fake.setDefault({ kind: 'stall' });
    const started = Date.now();
    const r = await c.post('/api/chat', free);
    const took = Date.now() - started;
    expect(r.status).toBe(503);
    expect(r.body.message).toBe(assistantMessages.apology);
    expect(took).toBeLessThan(TIMEOUT_MS + GRACE_MS);
    expect((await usageEvents(userId)).map((e) => e.type)).toEqual(['QuestionAsked', 'QuestionReleased']);
    expect((await read(c, '/api/user/usage')).body).toMatchObject({ totalQuestions: 0, totalCost: 0 });
  });

  it('silent after a few words: the words, then the apology within the answer timeout; charged for the prompt and those words only', async () => {
    const { c, userId } = await premiumReader();
    lectio.fake.setDefault({ kind: 'stall', afterChunks: 4 });
    const started = Date.now();
    const r = await c.post('/api/chat/stream', free);
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    const events = sse(String(r.body));
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas).toHaveLength(4);
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: assistantMessages.apology } });
    expect(took).toBeLessThan(TIMEOUT_MS + GRACE_MS);

    const usage = await usageEvents(userId);
    const asked = usage.find((e) => e.type === 'QuestionAsked')!;
    const answered = usage.find((e) => e.type === 'QuestionAnswered')!;
    const produced = countTokens(deltas.map((d) => d.data.text).join(''));
    expect(answered.data).toMatchObject({ completed: false, usageReported: false, completionTokens: produced });
    const charged =
      costMicros(asked.data.promptTokensEstimate as number, PRICES.inputPerMTok) +
      costMicros(produced, PRICES.outputPerMTok);
    expect(answered.data.costMicros).toBe(charged);
    expect(charged).toBeLessThan(asked.data.reservedMicros as number);
  });

  it('failing on every attempt (500, 503, 500): the apology within the answer timeout, and the question costs nothing', async () => {
    const { c, userId } = await premiumReader();
    lectio.fake.setDefault({ kind: 'status', status: 500 });
    lectio.fake.script({ kind: 'status', status: 500 }, { kind: 'status', status: 503 });
    const started = Date.now();
    const r = await c.post('/api/chat', free);
    const took = Date.now() - started;
    expect(r.status).toBe(503);
    expect(r.body.message).toBe(assistantMessages.apology);
    expect(took).toBeLessThan(TIMEOUT_MS + GRACE_MS);
    // It was tried again before the apology, not given up at the first failure.
    expect(lectio.fake.requests.length).toBeGreaterThan(1);
    expect((await usageEvents(userId)).map((e) => e.type)).toEqual(['QuestionAsked', 'QuestionReleased']);
    expect((await read(c, '/api/user/usage')).body).toMatchObject({ totalQuestions: 0, totalCost: 0 });
  });

  it('the stream cut off after a few words: the words, then the apology; charged for the prompt and those words only', async () => {
    const { c, userId } = await premiumReader();
    lectio.fake.setDefault({ kind: 'drop-mid-answer', afterChunks: 5 });
    const started = Date.now();
    const r = await c.post('/api/chat/stream', free);
    const took = Date.now() - started;
    expect(r.status).toBe(200);
    const events = sse(String(r.body));
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas).toHaveLength(5);
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: assistantMessages.apology } });
    // No new attempt once words were shown: the reader would read the answer twice.
    expect(took).toBeLessThan(TIMEOUT_MS + GRACE_MS);
    expect(lectio.fake.requests).toHaveLength(1);

    const usage = await usageEvents(userId);
    const asked = usage.find((e) => e.type === 'QuestionAsked')!;
    const answered = usage.find((e) => e.type === 'QuestionAnswered')!;
    const produced = countTokens(deltas.map((d) => d.data.text).join(''));
    expect(answered.data).toMatchObject({ completed: false, usageReported: false, completionTokens: produced });
    const charged =
      costMicros(asked.data.promptTokensEstimate as number, PRICES.inputPerMTok) +
      costMicros(produced, PRICES.outputPerMTok);
    expect(answered.data.costMicros).toBe(charged);
    expect(charged).toBeLessThan(asked.data.reservedMicros as number);
    expect((await read(c, '/api/user/usage')).body).toMatchObject({
      totalQuestions: 1,
      totalCost: Math.round(charged / 10_000) / 100,
    });
  });
});
