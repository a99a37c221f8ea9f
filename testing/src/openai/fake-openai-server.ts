import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible chat-completions server for tests (and for the end-to-end run): it
 * streams chunks and usage like OpenAI, and on demand misbehaves the ways real servers do.
 * Each request takes the next scripted behaviour, or the default one.
 */
export type FakeBehaviour =
  /**
   * A normal streamed answer. `usage`: 'end' (OpenAI with include_usage), 'every' (llama.cpp: on each chunk), 'never'.
   * A misbehaving server: `promptTokens` / `completionTokens` report that much usage whatever was sent;
   * `ignoreMaxTokens` streams the whole text past the request's max_tokens.
   */
  | {
      kind: 'answer';
      text?: string;
      usage?: 'end' | 'every' | 'never';
      chunkDelayMs?: number;
      promptTokens?: number;
      completionTokens?: number;
      ignoreMaxTokens?: boolean;
    }
  /** An error status before anything is streamed (429 with Retry-After, 500, 400 ...). */
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** Headers, then `afterChunks` chunks, then silence until the client gives up. */
  | { kind: 'stall'; afterChunks?: number; text?: string }
  /** The whole text with finish_reason, then the connection is cut before the usage chunk and [DONE]. */
  | { kind: 'drop-before-usage'; text?: string }
  /** Some text, then the connection is cut mid-answer (no finish_reason). */
  | { kind: 'drop-mid-answer'; text?: string; afterChunks?: number }
  /** Garbage lines between good chunks; usage at the end. */
  | { kind: 'malformed'; text?: string };

export interface RecordedRequest {
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    max_tokens?: number;
    [k: string]: unknown;
  };
  authorization: string | undefined;
}

export interface FakeOpenAi {
  url: string;
  /** Base URL for the SDK (ends in /v1). */
  baseURL: string;
  requests: RecordedRequest[];
  /** Behaviours for the next requests, in order. */
  script(...behaviours: FakeBehaviour[]): void;
  setDefault(behaviour: FakeBehaviour): void;
  /** Forgets scripted behaviours and recorded requests; back to the default answer. */
  reset(): void;
  /** Requests whose connection the client closed before the answer ended. */
  clientClosed: number;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_ANSWER =
  'Jesus tells Nicodemus that God\'s love reaches the whole world: "For God so loved the world" (John 3:16). ' +
  'The same love is described in 1 John 4:9. Some readers link it to Hezekiah 3:16, a reference that does not exist. ' +
  'Christians read "born again" (John 3:3) in more than one way: many link it to baptism, others to a personal conversion.';

/** Words of about four characters each, the way tokenizers roughly cut English. */
export function splitIntoChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

const estimateTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

export async function startFakeOpenAi(
  options: { defaultBehaviour?: FakeBehaviour; model?: string } = {},
): Promise<FakeOpenAi> {
  const queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = options.defaultBehaviour ?? { kind: 'answer' };
  const requests: RecordedRequest[] = [];
  const open = new Set<ServerResponse>();
  const state = { clientClosed: 0 };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    let body: RecordedRequest['body'] = {};
    try {
      body = JSON.parse(raw) as RecordedRequest['body'];
    } catch {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'bad json' } }));
      return;
    }
    requests.push({ body, authorization: req.headers.authorization });
    const behaviour = queue.shift() ?? fallback;
    const model = body.model ?? options.model ?? 'fake-model';
    const promptTokens = estimateTokens((body.messages ?? []).map((m) => m.content).join('\n'));
    const ignoreMax = behaviour.kind === 'answer' && behaviour.ignoreMaxTokens === true;
    const maxTokens = typeof body.max_tokens === 'number' && !ignoreMax ? body.max_tokens : Infinity;

    if (behaviour.kind === 'status') {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (behaviour.retryAfterSeconds !== undefined) headers['retry-after'] = String(behaviour.retryAfterSeconds);
      res
        .writeHead(behaviour.status, headers)
        .end(JSON.stringify({ error: { message: `fake status ${behaviour.status}`, type: 'fake' } }));
      return;
    }

    open.add(res);
    let finished = false;
    res.on('close', () => {
      open.delete(res);
      if (!finished) state.clientClosed++;
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const id = `chatcmpl-fake-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
    const chunk = (content: string | null, finish: string | null, usage?: unknown) =>
      send({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
        ...(usage ? { usage } : {}),
      });
    const words = splitIntoChunks(('text' in behaviour && behaviour.text) || DEFAULT_FAKE_ANSWER).slice(
      0,
      Number.isFinite(maxTokens) ? maxTokens : undefined,
    );
    const usageAfter = (n: number) => {
      const prompt = ('promptTokens' in behaviour && behaviour.promptTokens) || promptTokens;
      const completion = ('completionTokens' in behaviour && behaviour.completionTokens) || n;
      return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
    };
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const closed = () => res.destroyed || res.writableEnded;

    switch (behaviour.kind) {
      case 'answer': {
        send({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
        });
        for (let i = 0; i < words.length; i++) {
          if (closed()) return;
          if (behaviour.chunkDelayMs) await pause(behaviour.chunkDelayMs);
          chunk(words[i]!, null, behaviour.usage === 'every' ? usageAfter(i + 1) : undefined);
        }
        const includeUsage = body.stream_options?.include_usage === true;
        chunk(
          null,
          words.length >= maxTokens ? 'length' : 'stop',
          behaviour.usage === 'every' ? usageAfter(words.length) : undefined,
        );
        if ((behaviour.usage ?? 'end') === 'end' && includeUsage) {
          send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageAfter(words.length) });
        }
        res.write('data: [DONE]\n\n');
        finished = true;
        res.end();
        return;
      }
      case 'malformed': {
        res.write('data: {"id": "broken", "choices": [ {"delta": \n\n');
        for (let i = 0; i < words.length; i++) {
          chunk(words[i]!, null);
          if (i % 3 === 1) res.write('data: this is not json\n\n');
        }
        res.write(': a comment line the client must ignore\n\n');
        chunk(null, 'stop');
        send({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageAfter(words.length) });
        res.write('data: [DONE]\n\n');
        finished = true;
        res.end();
        return;
      }
      case 'stall': {
        for (let i = 0; i < (behaviour.afterChunks ?? 0) && i < words.length; i++) chunk(words[i]!, null);
        return; // silence: the client's timeout ends it
      }
      case 'drop-before-usage': {
        for (const w of words) chunk(w, null);
        chunk(null, 'stop');
        await pause(5);
        res.destroy();
        return;
      }
      case 'drop-mid-answer': {
        for (const w of words.slice(0, behaviour.afterChunks ?? 3)) chunk(w, null);
        await pause(5);
        res.destroy();
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    script: (...b) => queue.push(...b),
    setDefault: (b) => (fallback = b),
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = options.defaultBehaviour ?? { kind: 'answer' };
    },
    get clientClosed() {
      return state.clientClosed;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
