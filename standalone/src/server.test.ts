import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, sharedNatsUrl } from '@lectio/platform/testing';
import { startLectio } from './server';

const env = (dataDir: string, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  ...extra,
});

describe('standalone on the embedded defaults', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-standalone-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers health with each port engine, keeps data across a restart', async () => {
    const first = await startLectio(env(dataDir));
    const health = await (await fetch(`${first.url}/api/health`)).json();
    expect(health).toMatchObject({
      status: 'ok',
      ports: {
        eventStore: { engine: 'pglite', up: true },
        readModels: { engine: 'pglite', up: true },
        bus: { engine: 'in-process', up: true },
        billing: { engine: 'sandbox', up: true },
        ai: { engine: 'offline', up: true },
        mail: { engine: 'outbox', up: true },
      },
    });
    const id = randomUUID();
    await first.rt.store.append(`test-${id}`, [
      {
        id,
        type: 'Tested',
        schemaVersion: 1,
        data: { kept: true },
        metadata: { correlationId: id, actor: { type: 'system' } },
      },
    ]);
    await first.close();

    const second = await startLectio(env(dataDir));
    const events = await second.rt.store.readStream(`test-${id}`);
    expect(events.map((e) => e.data)).toEqual([{ kept: true }]);
    await second.close();
  });

  it('answers unknown API routes and bad JSON with a JSON message, never a stack trace', async () => {
    const app = await startLectio(env(dataDir));
    const missing = await fetch(`${app.url}/api/no-such-thing`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'No route for GET /api/no-such-thing' });
    const bad = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.message).toBeTypeOf('string');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts:\d+/);
    const staleChunk = await fetch(`${app.url}/assets/index-old.js`);
    expect(staleChunk.status).toBe(404);
    expect(staleChunk.headers.get('content-type')).toMatch(/^text\/plain/);
    const page = await fetch(`${app.url}/some/client/route`);
    expect([200, 503]).toContain(page.status); // index.html, or a clear message when the web app is not built
    expect(page.headers.get('content-security-policy')).toContain("object-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("base-uri 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    // API answers carry the REST set: nothing may load from or frame a JSON response.
    expect(missing.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    await app.close();
  });
});

const pg = await createTestDatabase();
const nats = await sharedNatsUrl();
describe.skipIf(!pg || !nats)('standalone on PostgreSQL and NATS', () => {
  afterAll(() => pg?.drop());
  it('runs the same code against the real engines', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lectio-standalone-'));
    const app = await startLectio(env(dataDir, { DATABASE_URL: pg!.url, NATS_URL: nats! }));
    const health = await (await fetch(`${app.url}/api/health`)).json();
    expect(health.ports).toMatchObject({
      eventStore: { engine: 'postgres', up: true },
      readModels: { engine: 'postgres', up: true },
      bus: { engine: 'nats', up: true },
    });
    const chapter = await fetch(`${app.url}/api/bible/john/3`);
    expect(chapter.status).toBe(200);
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
