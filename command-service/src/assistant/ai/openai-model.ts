import type { APIError } from 'openai';
import { sleep } from '@lectio/platform';
import { type AiAnswer, AiProviderError, type AnswerOptions, type TokenUsage } from './port';

export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface OpenAiModelOptions {
  apiKey?: string;
  baseURL?: string;
  model: string;
  /** Until the response headers arrive. */
  connectTimeoutMs?: number;
  /** From the headers to the first piece of text. */
  firstTokenTimeoutMs?: number;
  /** Longest silence between two chunks once text flows. */
  idleTimeoutMs?: number;
  /** Whole answer, however it trickles, retries included. */
  totalTimeoutMs?: number;
  /** Further attempts on 429, 5xx, a refused connection or a stall, only before the first token. */
  maxRetries?: number;
  retryBaseMs?: number;
  maxRetryDelayMs?: number;
  /** After the reader left: how long we keep reading for the usage before giving up (then the reservation is charged). */
  drainAfterReaderLeftMs?: number;
  /** No new attempt starts this long after the first (the reader is waiting; nginx gives up on a silent request after 60 s). */
  retryWindowMs?: number;
  onWarning?: (message: string, details?: Record<string, unknown>) => void;
}

const DEFAULTS = {
  connectTimeoutMs: 10_000,
  firstTokenTimeoutMs: 20_000,
  idleTimeoutMs: 20_000,
  totalTimeoutMs: 120_000,
  maxRetries: 2,
  retryBaseMs: 400,
  maxRetryDelayMs: 4_000,
  drainAfterReaderLeftMs: 20_000,
  retryWindowMs: 30_000,
};

/**
 * One streamed chat completion from any OpenAI-compatible server, through the `openai` SDK (it
 * builds and authenticates the request and maps error statuses; we read the server-sent events
 * ourselves so that a malformed chunk is skipped instead of ending the answer, and so that usage is
 * accepted whether it comes once at the end (OpenAI with include_usage), on every chunk
 * (llama.cpp) or never).
 */
export function createOpenAiModel(options: OpenAiModelOptions) {
  const o = { ...DEFAULTS, ...stripUndefined(options), model: options.model };
  // The SDK loads with the first model: the embedded default (offline answers) never holds it.
  const sdk = import('openai');
  // Our own retries (maxRetries: 0 in the SDK): they must stop at the first token, which the SDK cannot see.
  const client = sdk.then(
    ({ default: OpenAI }) =>
      new OpenAI({
        apiKey: options.apiKey ?? 'not-needed',
        baseURL: options.baseURL,
        maxRetries: 0,
        timeout: o.connectTimeoutMs,
      }),
  );
  // Each question awaits it and meets a failure there; this keeps an unused one from crashing the process.
  client.catch(() => {});

  async function once(messages: ModelMessage[], opts: AnswerOptions, totalMs: number): Promise<AiAnswer> {
    const controller = new AbortController();
    let abortReason: 'first_token' | 'idle' | 'total' | 'drained' | undefined;
    let idleTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    const abortFor = (why: typeof abortReason) => {
      abortReason ??= why;
      controller.abort();
    };
    const totalTimer = setTimeout(() => abortFor('total'), totalMs);
    const arm = (ms: number, why: 'first_token' | 'idle') => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => abortFor(why), ms);
    };
    let readerLeft = opts.readerSignal?.aborted ?? false;
    const onReaderLeft = () => {
      readerLeft = true;
      drainTimer = setTimeout(() => abortFor('drained'), o.drainAfterReaderLeftMs);
    };
    if (readerLeft) onReaderLeft();
    else opts.readerSignal?.addEventListener('abort', onReaderLeft, { once: true });

    let text = '';
    let usage: TokenUsage | null = null;
    let finishReason: string | null = null;
    let sawDone = false;
    let malformed = 0;
    try {
      const errors = await sdk;
      const response = await (
        await client
      ).chat.completions
        .create(
          {
            model: o.model,
            messages,
            stream: true,
            stream_options: { include_usage: true },
            max_tokens: Math.max(1, Math.floor(opts.maxOutputTokens)),
          },
          { signal: controller.signal, timeout: o.connectTimeoutMs },
        )
        .asResponse()
        .catch((err: unknown) => {
          throw requestFailure(err, abortReason, errors);
        });
      if (!response.body) throw new AiProviderError('bad_response', 'The model server answered without a body', false);
      arm(o.firstTokenTimeoutMs, 'first_token');
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      let data: string[] = [];
      const onEvent = () => {
        const payload = data.join('\n');
        data = [];
        if (payload === '') return;
        if (payload.trim() === '[DONE]') {
          sawDone = true;
          return;
        }
        let chunk: ChunkShape;
        try {
          // ChunkShape is all optional unknowns: every field is checked before it is used.
          chunk = JSON.parse(payload) as ChunkShape;
        } catch {
          malformed++;
          return;
        }
        if (chunk && typeof chunk === 'object' && chunk.error) {
          const message =
            typeof chunk.error === 'object' && typeof chunk.error.message === 'string'
              ? chunk.error.message
              : 'error in stream';
          throw new AiProviderError(
            'unavailable',
            `The model server reported an error: ${message.slice(0, 200)}`,
            text.length > 0,
            text,
            usage,
          );
        }
        const u = readUsage(chunk?.usage);
        if (u) usage = u;
        const choice = Array.isArray(chunk?.choices) ? chunk.choices[0] : undefined;
        const piece = choice?.delta?.content;
        if (typeof piece === 'string' && piece.length > 0) {
          text += piece;
          if (!readerLeft) opts.onDelta?.(piece);
        }
        if (typeof choice?.finish_reason === 'string') finishReason = choice.finish_reason;
        // Any well-formed chunk shows the server is alive; once text flows the idle limit applies.
        if (text.length > 0) arm(o.idleTimeoutMs, 'idle');
      };
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let nl: number;
          while ((nl = buffer.indexOf('\n')) !== -1) {
            const line = buffer.slice(0, nl).replace(/\r$/, '');
            buffer = buffer.slice(nl + 1);
            if (line === '') onEvent();
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
            // 'event:', 'id:', 'retry:' and comments (':') carry nothing we use.
          }
          if (sawDone) break;
        }
        if (data.length) onEvent();
      } catch (err) {
        if (err instanceof AiProviderError) throw err;
        if (abortReason === 'drained') return { text, source: 'ai', usage, completed: false, readerLeft: true };
        // Cut after the last piece of text (finish_reason seen) but before the usage: the answer is whole, its usage unknown.
        if (finishReason !== null && abortReason === undefined)
          return { text, source: 'ai', usage, completed: true, readerLeft };
        if (abortReason === 'first_token' || abortReason === 'idle' || abortReason === 'total') {
          const what =
            abortReason === 'first_token'
              ? 'did not start answering'
              : abortReason === 'idle'
                ? 'stalled'
                : 'took too long';
          throw new AiProviderError('timeout', `The model server ${what}`, text.length > 0, text, usage);
        }
        throw new AiProviderError(
          'unavailable',
          'The connection to the model server broke',
          text.length > 0,
          text,
          usage,
        );
      } finally {
        reader.cancel().catch(() => {});
      }
      if (malformed > 0) o.onWarning?.('model server sent malformed chunks; skipped', { malformed });
      const completed = finishReason !== null || (sawDone && text.length > 0);
      if (!completed) {
        // The stream ended with no finish: dropped. Without text it may be tried again.
        throw new AiProviderError(
          'unavailable',
          'The model server ended the answer early',
          text.length > 0,
          text,
          usage,
        );
      }
      return { text, source: 'ai', usage, completed: true, readerLeft };
    } finally {
      clearTimeout(totalTimer);
      clearTimeout(idleTimer);
      clearTimeout(drainTimer);
      opts.readerSignal?.removeEventListener('abort', onReaderLeft);
    }
  }

  return {
    model: o.model,
    /** Streams one answer; retries (bounded) only while nothing has been produced and the reader is still there. */
    async stream(messages: ModelMessage[], opts: AnswerOptions): Promise<AiAnswer> {
      const started = Date.now();
      for (let attempt = 0; ; attempt++) {
        try {
          return await once(messages, opts, Math.max(1, started + o.totalTimeoutMs - Date.now()));
        } catch (err) {
          const e = err instanceof AiProviderError ? err : new AiProviderError('unavailable', String(err), false);
          const retryable =
            !e.producedOutput &&
            (e.failure === 'rate_limited' || e.failure === 'unavailable' || e.failure === 'timeout');
          const delay = retryDelay(err, attempt, o.retryBaseMs, o.maxRetryDelayMs);
          const late = Date.now() + delay - started > Math.min(o.retryWindowMs, o.totalTimeoutMs);
          if (!retryable || attempt >= o.maxRetries || late || opts.readerSignal?.aborted) throw e;
          o.onWarning?.('model request failed before the first token; retrying', {
            failure: e.failure,
            status: e.status,
            attempt: attempt + 1,
          });
          await sleep(delay);
        }
      }
    },
  };
}

interface ChunkShape {
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: unknown;
  error?: { message?: unknown } | string;
}

function readUsage(u: unknown): TokenUsage | null {
  if (!u || typeof u !== 'object') return null;
  const p = 'prompt_tokens' in u ? u.prompt_tokens : undefined;
  const c = 'completion_tokens' in u ? u.completion_tokens : undefined;
  const t = 'total_tokens' in u ? u.total_tokens : undefined;
  if (typeof p !== 'number' || typeof c !== 'number' || !Number.isFinite(p) || !Number.isFinite(c) || p < 0 || c < 0)
    return null;
  return {
    promptTokens: Math.round(p),
    completionTokens: Math.round(c),
    totalTokens: typeof t === 'number' && Number.isFinite(t) ? Math.round(t) : Math.round(p + c),
  };
}

function requestFailure(err: unknown, abortReason: string | undefined, sdk: typeof import('openai')): AiProviderError {
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = sdk;
  if (err instanceof AiProviderError) return err;
  if (err instanceof APIUserAbortError) {
    return new AiProviderError(
      'timeout',
      abortReason === 'drained'
        ? 'The reader left before the model answered'
        : 'The model server did not answer in time',
      false,
    );
  }
  if (err instanceof APIConnectionTimeoutError)
    return new AiProviderError('timeout', 'The model server did not answer in time', false);
  if (err instanceof APIConnectionError)
    return new AiProviderError('unavailable', 'The model server cannot be reached', false);
  if (err instanceof APIError) {
    const status = err.status;
    if (status === 429)
      return new AiProviderError(
        'rate_limited',
        'The model server is busy (429)',
        false,
        '',
        null,
        status,
        retryAfterMs(err),
      );
    if (status !== undefined && status >= 500)
      return new AiProviderError(
        'unavailable',
        `The model server failed (${status})`,
        false,
        '',
        null,
        status,
        retryAfterMs(err),
      );
    if (status === 408)
      return new AiProviderError('timeout', 'The model server timed out (408)', false, '', null, status);
    return new AiProviderError(
      'refused',
      `The model server refused the request (${status ?? 'no status'})`,
      false,
      '',
      null,
      status,
    );
  }
  return new AiProviderError('unavailable', 'The model request failed', false);
}

function retryAfterMs(err: APIError): number | undefined {
  const raw = err.headers?.get?.('retry-after');
  const seconds = raw ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function retryDelay(err: unknown, attempt: number, base: number, max: number): number {
  const fromHeader = err instanceof AiProviderError ? err.retryAfterMs : undefined;
  return Math.min(max, fromHeader ?? base * 2 ** attempt);
}

function stripUndefined<T extends object>(v: T): Partial<T> {
  // Object.fromEntries forgets the keys: these are v's own, less the undefined ones.
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as Partial<T>;
}
