import type { ChatRequest, ChatResponse, ChatStreamEvent } from '@lectio/contracts/assistant';
import { apiRequest, positions } from '../../../lib/api';
import { createSseParser } from './sse';

type DoneData = Extract<ChatStreamEvent, { event: 'done' }>['data'];

/** The stream broke off, or the server sent `event: error` instead of `done`. */
export class ChatStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatStreamError';
  }
}

/** No byte for this long means the answer is not coming (the server has its own model timeouts). */
const STALL_MS = 60_000;

/**
 * POST /api/chat/stream: calls `onDelta` with each piece of text as it arrives and resolves with
 * the checked answer of the `done` event. A refusal before the stream (403, 429, ...) rejects
 * with the ApiError carrying the server's message; aborting `signal` (the panel closed) cancels.
 */
export async function streamQuestion(
  request: ChatRequest,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<ChatResponse> {
  const res = await apiRequest('POST', '/api/chat/stream', request, {
    signal,
    headers: { accept: 'text/event-stream' },
  });
  if (!res.body) throw new ChatStreamError('The answer could not be read.');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let result: ChatResponse | null = null;
  let failure: string | null = null;
  const parser = createSseParser(({ event, data }) => {
    if (result || failure) return;
    const payload = parseJson(data);
    if (event === 'delta' && typeof payload?.text === 'string') onDelta(payload.text);
    else if (event === 'done' && typeof payload?.response === 'string') result = settled(JSON.parse(data));
    else if (event === 'error') failure = typeof payload?.message === 'string' ? payload.message : 'The answer failed.';
  });
  let stall: ReturnType<typeof setTimeout> | undefined;
  try {
    while (!result && !failure) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          stall = setTimeout(() => reject(new ChatStreamError('The answer stopped arriving.')), STALL_MS);
        }),
      ]);
      clearTimeout(stall);
      if (chunk.done) break;
      parser.push(chunk.value);
    }
  } finally {
    clearTimeout(stall);
    parser.end();
    // Done (or failed): let the connection go; the server has already settled the cost.
    reader.cancel().catch(() => {});
  }
  if (result) return result;
  throw new ChatStreamError(failure ?? 'The answer broke off.');
}

function parseJson(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    // A JSON object: every field is read as unknown and checked where it is used.
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The `done` event's data is the contract's ChatResponse with the position the answer wrote (the
 * stream's headers went out before it was known): reads after it (the usage figures) wait for it.
 */
function settled(data: DoneData): ChatResponse {
  const { position, ...answer } = data;
  positions.observe(position);
  return answer;
}
