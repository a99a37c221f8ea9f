import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiModel } from './openai-model';
import { AiProviderError } from './port';
import { DEFAULT_FAKE_ANSWER, startFakeOpenAi, type FakeOpenAi } from '@lectio/testing/openai';

const messages = [
  { role: 'system' as const, content: 'You are a careful Bible study assistant.' },
  { role: 'user' as const, content: 'What does John 3:16 say about love?' },
];

describe('OpenAI-compatible adapter against a local fake server', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
  });

  const model = (extra: Partial<Parameters<typeof createOpenAiModel>[0]> = {}) =>
    createOpenAiModel({
      apiKey: 'sk-test',
      baseURL: fake.baseURL,
      model: 'gpt-4o-mini',
      firstTokenTimeoutMs: 300,
      idleTimeoutMs: 300,
      retryBaseMs: 10,
      maxRetryDelayMs: 50,
      ...extra,
    });

  it('streams the text piece by piece and reads the usage sent at the end (include_usage)', async () => {
    const pieces: string[] = [];
    const answer = await model().stream(messages, { maxOutputTokens: 500, onDelta: (t) => pieces.push(t) });
    expect(answer.text).toBe(DEFAULT_FAKE_ANSWER);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(DEFAULT_FAKE_ANSWER);
    expect(answer.completed).toBe(true);
    expect(answer.usage).not.toBeNull();
    expect(answer.usage!.completionTokens).toBe(pieces.length);
    expect(answer.usage!.totalTokens).toBe(answer.usage!.promptTokens + answer.usage!.completionTokens);
    const sent = fake.requests[0]!;
    expect(sent.body.stream).toBe(true);
    expect(sent.body.stream_options).toEqual({ include_usage: true });
    expect(sent.body.max_tokens).toBe(500);
    expect(sent.authorization).toBe('Bearer sk-test');
  });

  it('accepts a server that sends usage on every chunk (llama.cpp): the last one counts', async () => {
    fake.script({ kind: 'answer', usage: 'every', text: 'one two three four' });
    const answer = await model().stream(messages, { maxOutputTokens: 100 });
    expect(answer.text).toBe('one two three four');
    expect(answer.usage?.completionTokens).toBe(4);
  });

  it('accepts a server that never sends usage: the answer comes with usage null', async () => {
    fake.script({ kind: 'answer', usage: 'never', text: 'Grace and peace (Romans 1:7).' });
    const answer = await model().stream(messages, { maxOutputTokens: 100 });
    expect(answer.text).toBe('Grace and peace (Romans 1:7).');
    expect(answer.completed).toBe(true);
    expect(answer.usage).toBeNull();
  });

  it('honours the output cap it is given', async () => {
    const answer = await model().stream(messages, { maxOutputTokens: 3 });
    expect(fake.requests[0]!.body.max_tokens).toBe(3);
    expect(answer.usage?.completionTokens).toBe(3);
  });

  it('retries a 429 and a 500 before the first token, then answers', async () => {
    fake.script({ kind: 'status', status: 429, retryAfterSeconds: 0 }, { kind: 'status', status: 500 });
    const answer = await model().stream(messages, { maxOutputTokens: 100 });
    expect(answer.text).toBe(DEFAULT_FAKE_ANSWER);
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after the bounded retries with a rate-limit failure that produced nothing', async () => {
    fake.script(...Array.from({ length: 5 }, () => ({ kind: 'status' as const, status: 429 })));
    const err = await model({ maxRetries: 2 })
      .stream(messages, { maxOutputTokens: 100 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.failure).toBe('rate_limited');
    expect(err.producedOutput).toBe(false);
    expect(fake.requests).toHaveLength(3);
  });

  it('starts no new attempt once the retry window has passed', async () => {
    fake.script({ kind: 'stall' }, { kind: 'stall' }, { kind: 'stall' });
    const err = await model({ maxRetries: 5, retryWindowMs: 200 })
      .stream(messages, { maxOutputTokens: 100 })
      .catch((e) => e);
    expect(err.failure).toBe('timeout');
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry a 400 (a refused request is not going to get better)', async () => {
    fake.script({ kind: 'status', status: 400 });
    const err = await model()
      .stream(messages, { maxOutputTokens: 100 })
      .catch((e) => e);
    expect(err.failure).toBe('refused');
    expect(fake.requests).toHaveLength(1);
  });

  it('a server that stalls before the first token times out, is retried, and fails as a timeout with nothing produced', async () => {
    fake.script({ kind: 'stall' }, { kind: 'stall' });
    const started = Date.now();
    const err = await model({ maxRetries: 1 })
      .stream(messages, { maxOutputTokens: 100 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.failure).toBe('timeout');
    expect(err.producedOutput).toBe(false);
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('the whole answer, retries included, ends within the total timeout: stalls that each stay under the first-token limit are cut there', async () => {
    fake.setDefault({ kind: 'stall' });
    const started = Date.now();
    const err = await model({ firstTokenTimeoutMs: 600, totalTimeoutMs: 1000, maxRetries: 5, retryWindowMs: 30_000 })
      .stream(messages, { maxOutputTokens: 100 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.failure).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000 + 500);
    expect(fake.requests.length).toBeLessThanOrEqual(2);
  });

  it('a stall after some text is not retried: the failure carries the partial text', async () => {
    fake.script({ kind: 'stall', afterChunks: 3, text: 'Love is patient and kind (1 Corinthians 13:4).' });
    const err = await model()
      .stream(messages, { maxOutputTokens: 100 })
      .catch((e) => e);
    expect(err.failure).toBe('timeout');
    expect(err.producedOutput).toBe(true);
    expect(err.partialText).toBe('Love is patient ');
    expect(fake.requests).toHaveLength(1);
  });

  it('a stream dropped after the answer but before the usage: the text is complete, usage unknown', async () => {
    fake.script({ kind: 'drop-before-usage', text: 'Jesus wept (John 11:35).' });
    const answer = await model().stream(messages, { maxOutputTokens: 100 });
    expect(answer.text).toBe('Jesus wept (John 11:35).');
    expect(answer.completed).toBe(true);
    expect(answer.usage).toBeNull();
  });

  it('a stream dropped mid-answer fails with the partial text and producedOutput', async () => {
    fake.script({ kind: 'drop-mid-answer', text: 'In the beginning was the Word', afterChunks: 2 });
    const err = await model()
      .stream(messages, { maxOutputTokens: 100 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.producedOutput).toBe(true);
    expect(err.partialText).toBe('In the ');
    expect(fake.requests).toHaveLength(1);
  });

  it('malformed chunks are skipped; the good ones and the usage still arrive', async () => {
    fake.script({ kind: 'malformed', text: 'Blessed are the poor in spirit (Matthew 5:3).' });
    const warnings: string[] = [];
    const answer = await model({ onWarning: (m) => warnings.push(m) }).stream(messages, { maxOutputTokens: 100 });
    expect(answer.text).toBe('Blessed are the poor in spirit (Matthew 5:3).');
    expect(answer.usage?.completionTokens).toBe(8);
    expect(warnings.join()).toMatch(/malformed/);
  });

  it('when the reader leaves, text stops being forwarded but the stream is read to its end for the usage', async () => {
    fake.script({ kind: 'answer', chunkDelayMs: 15, text: 'a b c d e f g h i j k l' });
    const reader = new AbortController();
    const pieces: string[] = [];
    const answer = await model().stream(messages, {
      maxOutputTokens: 100,
      readerSignal: reader.signal,
      onDelta: (t) => {
        pieces.push(t);
        if (pieces.length === 3) reader.abort();
      },
    });
    expect(pieces).toHaveLength(3);
    expect(answer.readerLeft).toBe(true);
    expect(answer.text).toBe('a b c d e f g h i j k l');
    expect(answer.usage?.completionTokens).toBe(12);
  });

  it('when the reader leaves and the server keeps streaming past the drain limit, the request is cancelled without usage', async () => {
    fake.script({ kind: 'answer', chunkDelayMs: 40, text: Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ') });
    const reader = new AbortController();
    const closedBefore = fake.clientClosed;
    const answer = await model({ drainAfterReaderLeftMs: 100 }).stream(messages, {
      maxOutputTokens: 100,
      readerSignal: reader.signal,
      onDelta: () => reader.abort(),
    });
    expect(answer.readerLeft).toBe(true);
    expect(answer.completed).toBe(false);
    expect(answer.usage).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.clientClosed).toBe(closedBefore + 1);
  });

  it('an unreachable server fails as unavailable with a clear message', async () => {
    const dead = createOpenAiModel({
      baseURL: 'http://127.0.0.1:9/v1',
      model: 'x',
      maxRetries: 0,
      connectTimeoutMs: 500,
    });
    const err = await dead.stream(messages, { maxOutputTokens: 10 }).catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.failure).toBe('unavailable');
    expect(err.message).toMatch(/cannot be reached/);
  });
});
