import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio, unique } from '../../test/test-lectio';

// A development server reachable on a network must not hand out sessions or reset
// links. Against a real listening server, so the client address is the socket's.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ env: { NODE_ENV: 'development' } });
});
afterAll(() => t.close());

describe('development routes outside production', () => {
  it.each([
    ['GET', '/api/dev-login'],
    ['POST', '/api/dev-login'],
    ['GET', '/api/dev/mailbox'],
  ] as const)('%s %s answers 404 to a client on another machine, with no cookie', async (method, url) => {
    const res = await t.client('192.168.1.23').request(method, url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: `No route for ${method} ${url}` });
    expect(res.setCookie).toEqual([]);
  });

  it('a forwarded address does not make a remote client local when no proxy is trusted', async () => {
    const res = await t.client('192.168.1.23').get('/api/dev-login', { 'x-forwarded-for': '127.0.0.1' });
    expect(res.status).toBe(404);
  });

  it('answers this machine over a real socket', async () => {
    const login = await fetch(`${t.lectio.url}/api/dev-login`);
    expect(login.status).toBe(200);
    expect((await login.json()).username).toBe('devuser');
    const mailbox = await fetch(`${t.lectio.url}/api/dev/mailbox`);
    expect(mailbox.status).toBe(200);
  });

  it('reset links are built on this server, never from the Host header a client sent', async () => {
    const name = unique('rhoda');
    const c = t.client();
    expect((await c.register(name, `${name}@example.com`)).status).toBe(201);
    // A name this server does not answer to is refused outright (allowed-hosts.ts)...
    expect(
      (await t.client().post('/api/request-password-reset', { email: `${name}@example.com` }, { host: 'evil.example' }))
        .status,
    ).toBe(421);
    // ...and one it does answer to still does not make the link.
    const res = await t
      .client()
      .post('/api/request-password-reset', { email: `${name}@example.com` }, { host: 'localhost:1' });
    expect(res.status).toBe(200);
    let text = '';
    for (let i = 0; i < 200 && !text; i++) {
      const mails = (await (await fetch(`${t.lectio.url}/api/dev/mailbox`)).json()).messages as {
        to: string;
        text: string;
      }[];
      text = mails.find((m) => m.to === `${name}@example.com`)?.text ?? '';
      if (!text) await new Promise((r) => setTimeout(r, 20));
    }
    expect(text).toContain(`${t.lectio.url}/auth?token=`);
    expect(text).not.toContain('localhost:1');
  });
});
