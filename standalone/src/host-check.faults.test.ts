import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_REFUSED_MESSAGE } from '@lectio/platform/http';
import { startTestLectio } from './testing';

/**
 * DNS rebinding: a page on attacker.example, its name pointed at 127.0.0.1, talks to the server on
 * the reader's machine from the reader's browser, with `Host: attacker.example`. Real HTTP on the
 * listening port, with the Host header such a browser sends.
 */
function get(url: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('host names', () => {
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  let port: string;
  beforeAll(async () => {
    t = await startTestLectio({
      env: { PUBLIC_URL: 'https://lectio.example', ALLOWED_HOSTS: 'reader.test, .family.test' },
    });
    port = new URL(t.lectio.url).port;
  }, 120_000);
  afterAll(() => t?.close());

  it('a rebound name gets neither the development mailbox (reset links) nor any other route', async () => {
    for (const host of [
      'attacker.example',
      `attacker.example:${port}`,
      '127.0.0.1.attacker.example',
      'localhost.attacker.example',
    ]) {
      const mailbox = await get(t.lectio.url, '/api/dev/mailbox', host);
      expect(mailbox.status, host).toBe(421);
      expect(JSON.parse(mailbox.body)).toEqual({ message: HOST_REFUSED_MESSAGE });
      expect((await get(t.lectio.url, '/api/bible/books', host)).status, host).toBe(421);
      expect((await get(t.lectio.url, '/api/dev-login', host)).status, host).toBe(421);
    }
  });

  it('the names it is published at are answered: loopback with any port, PUBLIC_URL, ALLOWED_HOSTS', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      'localhost:5173',
      `[::1]:${port}`,
      'lectio.example',
      'reader.test',
      'www.family.test',
    ]) {
      expect((await get(t.lectio.url, '/api/bible/books', host)).status, host).toBe(200);
    }
    expect((await get(t.lectio.url, '/api/dev/mailbox', `localhost:${port}`)).status).toBe(200);
  });

  it('health answers any name: load balancers probe by address', async () => {
    expect((await get(t.lectio.url, '/api/health', '10.1.2.3:3000')).status).toBe(200);
  });
});

describe('host names behind a trusted proxy', () => {
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    t = await startTestLectio({ env: { TRUST_PROXY: '1' } });
  }, 120_000);
  afterAll(() => t?.close());

  it('the proxy decides which names reach the app, but development routes still refuse a foreign name', async () => {
    expect((await get(t.lectio.url, '/api/bible/books', 'lectio.example')).status).toBe(200);
    const mailbox = await get(t.lectio.url, '/api/dev/mailbox', 'attacker.example');
    expect(mailbox.status).toBe(404);
    expect((await get(t.lectio.url, '/api/dev/mailbox', 'localhost')).status).toBe(200);
  });
});
