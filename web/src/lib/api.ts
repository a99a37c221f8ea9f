import { MIN_POSITION_HEADER, POSITION_HEADER } from '@lectio/contracts/constants';
import { readsOwnWrites } from '@lectio/contracts/read-your-writes';
import { PositionTracker } from './position';

/** Highest event-store position this tab has seen from a command (read-your-writes). */
export const positions = new PositionTracker();

/** An HTTP error: message is '{status}: {body text}' (or the status text when the body is empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `message` field when the body is JSON, else the raw body. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string')
        return parsed.message;
    } catch {
      /* not JSON */
    }
    return this.bodyText || undefined;
  }
}

function buildHeaders(method: string, url: string, hasBody: boolean, extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  // Only reads that can show the reader's own writes wait for them (never the Bible text).
  if ((method === 'GET' || method === 'HEAD') && readsOwnWrites(url)) {
    const min = positions.current;
    if (min !== null) headers.set(MIN_POSITION_HEADER, min);
  }
  return headers;
}

async function throwIfNotOk(res: Response): Promise<Response> {
  positions.observe(res.headers.get(POSITION_HEADER));
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
  return res;
}

/** Any call: credentials included, JSON content type only when there is a body. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  init?: { signal?: AbortSignal; headers?: HeadersInit },
): Promise<Response> {
  const upper = method.toUpperCase();
  const hasBody = body !== undefined;
  const res = await fetch(url, {
    method: upper,
    credentials: 'include',
    headers: buildHeaders(upper, url, hasBody, init?.headers),
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: init?.signal,
  });
  return throwIfNotOk(res);
}

/** An OK answer's JSON body (undefined when empty), as the caller's contract type. */
export async function answerOf<T>(res: Response): Promise<T> {
  const text = await res.text();
  // The server answers with its contract's response type (its routes are typed by it and its API tests hold it to it).
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A read: GET the URL and parse JSON. A non-OK status (401 included) is an error. */
export async function getJson<T>(url: string, init?: { signal?: AbortSignal }): Promise<T> {
  return answerOf<T>(await apiRequest('GET', url, undefined, init));
}

/** A command: POST (optionally with a JSON body) and parse the JSON answer if there is one. */
export async function postJson<T = unknown>(url: string, body?: unknown): Promise<T> {
  return answerOf<T>(await apiRequest('POST', url, body));
}
