import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_YOUR_WRITES_TIMEOUT_MS } from '@lectio/contracts/constants';
import { startTestLectio, unique } from '@lectio/standalone/testing';

// A client-chosen position must not hold requests (or the server) hostage.
// Against a real listening server.
const BOGUS = '99999999999999999999';
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio();
});
afterAll(() => t.close());

async function timed(path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const res = await fetch(t.lectio.url + path, { headers });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

describe('read-your-writes cannot be abused to stall the server', () => {
  it.each(['/api/bible/books', '/api/bible/john/3', '/api/bible/search?q=love', '/api/bible/bundle'])(
    'the immutable read %s never waits for a position',
    async (path) => {
      const res = await timed(path, { 'x-lectio-min-position': BOGUS });
      expect(res.status).toBe(200);
      // Waiting would take the whole read-your-writes timeout (2 s); a cold first read under CI's load can take a second.
      expect(res.ms).toBeLessThan(READ_YOUR_WRITES_TIMEOUT_MS);
    },
  );

  it('a position beyond the event store head is not waited on, even on a read that may wait', async () => {
    const c = t.client();
    const name = unique('phoebe');
    const reg = await c.register(name, `${name}@example.com`);
    expect(reg.status).toBe(201);
    const cookie = `lectio_session=${c.cookies.get('lectio_session')}`;
    const res = await timed('/api/user', { cookie, 'x-lectio-min-position': BOGUS });
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(READ_YOUR_WRITES_TIMEOUT_MS);
    // A real position still gives read-your-writes.
    const me = await fetch(t.lectio.url + '/api/user', { headers: { cookie, 'x-lectio-min-position': c.position! } });
    expect((await me.json()).username).toBe(name);
  });

  it('400 connections sending the bogus header: each answers at once and the health probe stays quick', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });
    const port = Number(new URL(t.lectio.url).port);
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; ms: number }>((resolve, reject) => {
        const started = performance.now();
        http
          .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
          })
          .on('error', reject);
      });
    const started = performance.now();
    const load = Array.from({ length: 400 }, () => get('/api/bible/books', { 'x-lectio-min-position': BOGUS }));
    const health = await get('/api/health', {});
    const answers = await Promise.all(load);
    agent.destroy();
    expect(health.status).toBe(200);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Before: every one of them waited the 2 s timeout, polling the database every 10 ms.
    expect(performance.now() - started).toBeLessThan(1900);
    expect(health.ms).toBeLessThan(1900);
  });
});
