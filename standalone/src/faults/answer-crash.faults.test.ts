import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '@lectio/testing/openai';
import { LectioProcess } from '../testing';

/**
 * The process killed in the middle of a model answer (kill -9: no settlement, no release), then
 * started again on the same data. The money that answer held must come back: the reader can ask
 * again, and /api/user/usage and the refusals agree. Prices make one held answer (800 output
 * tokens at $7,000 per million: $5.60) keep a second question out, so the hold shows as a 429.
 */
const PASSWORD = 'Psalm-23:1 shepherd';
const dirs: string[] = [];
const servers: LectioProcess[] = [];
let fake: FakeOpenAi | undefined;
afterAll(async () => {
  for (const s of servers) await s.kill();
  await fake?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

class Reader {
  cookie = '';
  constructor(public base: string) {}
  async post(path: string, body: unknown = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
    if (set.length) this.cookie = set.join('; ');
    return res;
  }
  async get(path: string) {
    const res = await fetch(`${this.base}${path}`, {
      headers: { cookie: this.cookie },
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
}

const ask = { message: 'What does this verse say about God?', context: { book: 'john', chapter: 3, verse: 16 } };

describe('the process killed mid-answer', () => {
  it('the reservation it held is released after a restart: the reader asks again, and the usage figures agree with the refusals', async () => {
    fake = await startFakeOpenAi();
    // The first answer sends a few words, then nothing: it is in the middle of its answer when the process dies.
    fake.script({ kind: 'stall', afterChunks: 3 });
    const dir = mkdtempSync(join(tmpdir(), 'lectio-answer-crash-'));
    dirs.push(dir);
    const env = {
      NODE_ENV: 'test',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: 'sk-fake',
      AI_PRICE_INPUT_PER_MTOK: '0',
      AI_PRICE_OUTPUT_PER_MTOK: '7000',
      AI_ANSWER_TIMEOUT_MS: '8000',
    };
    const first = await LectioProcess.start(env, dir);
    servers.push(first);
    const reader = new Reader(first.url);
    const name = `crash${Date.now().toString(36)}`;
    expect(
      (
        await reader.post('/api/register', {
          username: name,
          email: `${name}@example.com`,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        })
      ).status,
    ).toBe(201);
    expect((await reader.post('/api/activate-subscription')).status).toBe(200);

    const streaming = await reader.post('/api/chat/stream', ask);
    expect(streaming.status).toBe(200);
    const body = streaming.body!.getReader();
    let received = '';
    while (!received.includes('event: delta')) received += new TextDecoder().decode((await body.read()).value);
    // Mid-answer: the reservation is held, so a second question is refused for the budget.
    expect((await reader.post('/api/chat', ask)).status).toBe(429);
    await first.kill('SIGKILL');
    body.cancel().catch(() => {});

    const second = await LectioProcess.start(env, dir);
    servers.push(second);
    reader.base = second.url;
    const started = Date.now();
    // Released once no answer can still be running (the answer timeout and a margin after it was made); asked every 8 s, within the per-minute limit.
    await expect
      .poll(async () => (await reader.post('/api/chat', ask)).status, { timeout: 90_000, interval: 8000 })
      .toBe(200);
    expect(Date.now() - started).toBeLessThan(60_000);
    const usage = await reader.get('/api/user/usage');
    expect(usage.status).toBe(200);
    // One answered question, charged for what it used; the interrupted one cost nothing; nothing says the limit is reached.
    expect(usage.body).toMatchObject({ totalQuestions: 1, limitReached: false });
    expect(usage.body.totalCost).toBeLessThan(1);
    expect(second.exitStatus).toBeUndefined();
  }, 240_000);
});
