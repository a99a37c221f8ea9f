import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatRequest, ChatResponse } from '@lectio/contracts/assistant';
import { ApiError, positions } from '../../../lib/api';
import { failureMessage } from '../hooks/useChat';
import { ChatStreamError, streamQuestion } from './chat';

const request: ChatRequest = {
  message: 'Who was Nicodemus?',
  context: { book: 'john', chapter: 3, verse: 1, verseText: '' },
};
const done: ChatResponse = {
  response: 'A Pharisee (John 3:1).',
  citations: [
    {
      text: 'John 3:1',
      book: 'john',
      chapter: 3,
      verse: 1,
      verseEnd: null,
      valid: true,
      href: '/home?book=john&chapter=3&verse=1',
      quote: null,
    },
  ],
  source: 'ai',
  kind: 'free',
  preferences: { faithJourney: null, communicationStyle: null },
};

/** A fetch answering with these body chunks, sent one by one. */
function serve(
  chunks: string[],
  init: ResponseInit = { status: 200, headers: { 'content-type': 'text/event-stream' } },
) {
  const calls: RequestInit[] = [];
  vi.stubGlobal('fetch', async (_url: string, options: RequestInit) => {
    calls.push(options);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(encoder.encode(c));
        controller.close();
      },
    });
    return new Response(body, init);
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('streamQuestion', () => {
  it('passes each delta on as it arrives and resolves with the checked answer of `done`', async () => {
    const calls = serve([
      'event: delta\ndata: {"text":"A Phari',
      'see"}\n\nevent: delta\ndata: {"text":" (John 3:1)."}\n\n',
      `event: done\ndata: ${JSON.stringify(done)}\n\n`,
    ]);
    const pieces: string[] = [];
    await expect(streamQuestion(request, (t) => pieces.push(t))).resolves.toEqual(done);
    expect(pieces).toEqual(['A Pharisee', ' (John 3:1).']);
    expect(calls[0]!.method).toBe('POST');
    expect(JSON.parse(calls[0]!.body as string)).toEqual(request);
    expect(calls[0]!.credentials).toBe('include');
  });

  it('keeps the position of the done event, so the reads after the answer (usage) wait for what it wrote', async () => {
    serve([`event: done\ndata: ${JSON.stringify({ ...done, position: '900000000001' })}\n\n`]);
    await expect(streamQuestion(request, () => {})).resolves.toEqual(done);
    expect(positions.current).toBe('900000000001');
  });

  it('rejects on `event: error`, and when the stream ends without `done`', async () => {
    serve(['event: delta\ndata: {"text":"Half"}\n\nevent: error\ndata: {"message":"model failed"}\n\n']);
    await expect(streamQuestion(request, () => {})).rejects.toBeInstanceOf(ChatStreamError);
    serve(['event: delta\ndata: {"text":"Half"}\n\n']);
    await expect(streamQuestion(request, () => {})).rejects.toThrow('The answer broke off.');
  });

  it("rejects a refusal with the server's status and message", async () => {
    serve([JSON.stringify({ message: 'Monthly limit reached. It renews on December 23, 2026.' })], {
      status: 429,
      headers: { 'content-type': 'application/json' },
    });
    const error = await streamQuestion(request, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect(failureMessage(error)).toBe('Monthly limit reached. It renews on December 23, 2026.');
  });
});

describe('failureMessage', () => {
  it("shows the server's message for a refusal the reader can act on, the spec's apology otherwise", () => {
    const apology = "I'm sorry, I couldn't process your request. Please try again later.";
    expect(
      failureMessage(new ApiError(403, '{"message":"Asking your own questions is part of Premium."}', 'Forbidden')),
    ).toBe('Asking your own questions is part of Premium.');
    expect(failureMessage(new ApiError(500, '{"message":"Internal"}', 'Server Error'))).toBe(apology);
    expect(failureMessage(new ApiError(502, '<html>bad gateway</html>', 'Bad Gateway'))).toBe(apology);
    expect(failureMessage(new ApiError(429, '<html>slow down</html>', 'Too Many'))).toBe(apology);
    expect(failureMessage(new TypeError('Failed to fetch'))).toBe(apology);
    expect(failureMessage(new ChatStreamError('The answer broke off.'))).toBe(apology);
  });
});
