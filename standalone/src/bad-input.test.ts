import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSISTANT_ROUTES_WITHOUT_BODY, BILLING_ROUTES_WITHOUT_BODY } from '@lectio/command-service';
import { type Lectio, startLectio } from './server';

/**
 * Every /api route, found from the router itself (so a new route is covered without editing this
 * file), gets malformed input signed out and signed in: the answer is a 4xx with a JSON
 * `{ message }`, never a 500 or a stack trace.
 */
let lectio: Lectio;
const dataDir = mkdtempSync(join(tmpdir(), 'lectio-bad-input-'));
beforeAll(async () => {
  lectio = await startLectio({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await lectio.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Reads Fastify's printRoutes tree back into method + path pairs. */
function routesOf(tree: string): Array<{ method: string; path: string }> {
  const stack: string[] = [];
  const out: Array<{ method: string; path: string }> = [];
  for (const line of tree.split('\n')) {
    const m = /^([\s│├└─]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack[depth - 1] = m[2]!;
    const path = stack.join('').replace(/^\/?/, '/');
    for (const method of m[3]!.split(', ')) out.push({ method, path });
  }
  return out;
}

const BAD_BODIES: unknown[] = [
  {},
  [],
  null,
  0,
  'text',
  { email: 42, password: {}, username: [], token: null },
  { email: 'x'.repeat(10_000) },
  { a: { b: { c: { d: {} } } } },
];
const BAD_PARAMS = ['', '%00', '..%2F..%2Fetc', 'x'.repeat(300), '-1', '1e9', '%F0%9F%98%80'];
const FORBIDDEN_IN_BODY = /at \w+ \(|node_modules|Error:|\.ts:\d+/;

async function cookieOfSignedIn(): Promise<string> {
  const res = await lectio.app.inject({ method: 'GET', url: '/api/dev-login', headers: { 'x-forwarded-for': '10.9.9.9' } });
  expect(res.statusCode).toBe(200);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

function expectClientError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, what: string) {
  expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body) as { message?: unknown };
  expect(typeof body.message, what).toBe('string');
  expect(res.body, what).not.toMatch(FORBIDDEN_IN_BODY);
}

describe('malformed input never reaches a 500', () => {
  it('finds the API routes from the router (a parser check: the known ones are there)', () => {
    const api = routesOf(lectio.app.printRoutes({ commonPrefix: false })).filter((r) => r.path.startsWith('/api/'));
    expect(api).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/api/register' },
        { method: 'POST', path: '/api/register-check' },
        { method: 'POST', path: '/api/logout-others' },
        { method: 'GET', path: '/api/bible/:bookId/:chapter' },
      ]),
    );
  });

  it('every POST route, signed out and signed in, answers bad bodies with a 4xx JSON message', async () => {
    const posts = routesOf(lectio.app.printRoutes({ commonPrefix: false })).filter((r) => r.method === 'POST' && r.path.startsWith('/api/'));
    expect(posts.length).toBeGreaterThanOrEqual(8);
    const signedIn = await cookieOfSignedIn();
    const statuses = new Map<string, Set<number>>();
    let n = 0;
    for (const { path } of posts) {
      if (path === '/api/dev-login' || path === '/api/logout' || path === '/api/logout-others') continue; // take no body
      for (const cookie of ['', signedIn]) {
        for (const body of BAD_BODIES) {
          const res = await lectio.app.inject({
            method: 'POST',
            url: path,
            payload: JSON.stringify(body),
            // A fresh address per request: these tests are about validation, not the rate limits.
            headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': `10.8.${Math.floor(n / 250)}.${n++ % 250}` },
          });
          const what = `POST ${path} ${cookie ? '(signed in)' : ''} ${JSON.stringify(body)?.slice(0, 40)}`;
          // A call that takes no body ignores an object's fields: it may succeed, but never with a 500.
          if (
            (BILLING_ROUTES_WITHOUT_BODY.has(path) || ASSISTANT_ROUTES_WITHOUT_BODY.has(path)) &&
            typeof body === 'object' &&
            body !== null &&
            !Array.isArray(body)
          ) {
            expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
            continue;
          }
          expectClientError(res, what);
          statuses.set(path, (statuses.get(path) ?? new Set()).add(res.statusCode));
        }
        const broken = await lectio.app.inject({
          method: 'POST',
          url: path,
          payload: '{"unterminated',
          headers: { 'content-type': 'application/json', cookie },
        });
        expectClientError(broken, `POST ${path} broken JSON`);
      }
    }
    // The bodies reached validation (400), not only an earlier refusal such as the CSRF check.
    // The Stripe webhook answers 404 on the sandbox (no Stripe here); its bad signatures and bodies are 400 in Stripe mode (billing/stripe/webhook.test.ts).
    for (const [path, seen] of statuses) if (path !== '/api/stripe/webhook') expect([...seen], path).toContain(400);
  });

  it('every GET route with parameters or a query answers odd values with a 4xx JSON message or a normal answer', async () => {
    const gets = routesOf(lectio.app.printRoutes({ commonPrefix: false })).filter((r) => r.method === 'GET' && r.path.startsWith('/api/'));
    const signedIn = await cookieOfSignedIn();
    for (const { path } of gets) {
      if (path === '/api/dev-login') continue;
      for (const value of BAD_PARAMS) {
        const url = path.replace(/:\w+/g, value || 'x') + `?q=${value}&translation=${value}&limit=${value}&book=${value}`;
        for (const cookie of ['', signedIn]) {
          const res = await lectio.app.inject({ method: 'GET', url, headers: { cookie } });
          if (res.statusCode < 400) continue;
          expectClientError(res, `GET ${url}`);
        }
      }
    }
  });
});
