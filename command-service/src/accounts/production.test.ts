import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio, unique } from '../../test/test-lectio';
import { readOutbox } from '../mail/dev-mailbox';

// NODE_ENV=production: full scrypt cost, __Host- cookie, no development routes.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({
    captureLogs: true,
    env: {
      NODE_ENV: 'production',
      BILLING_SANDBOX: '1',
      SESSION_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'https://lectio.example',
    },
  });
});
afterAll(() => t.close());

describe('in production', () => {
  it.each([
    ['GET', '/api/dev-login'],
    ['POST', '/api/dev-login'],
    ['GET', '/api/dev/mailbox'],
  ] as const)('%s %s is 404', async (method, url) => {
    const res = await t.client().request(method, url);
    expect(res.status).toBe(404);
    expect(res.setCookie).toEqual([]);
  });

  it('the session cookie is __Host-lectio_session, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const c = t.client();
    const name = unique('priscilla');
    const res = await c.register(name, `${name}@example.com`, 'Acts-18:26 more accurately');
    expect(res.status).toBe(201);
    const cookie = res.setCookie.find((s) => s.startsWith('__Host-lectio_session='))!;
    expect(cookie).toBeDefined();
    for (const part of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/']) expect(cookie).toContain(part);
    expect(cookie).not.toMatch(/Domain=/i);
    expect((await c.get('/api/user')).body.username).toBe(name);
    const hash = await t.lectio.rt.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM credentials WHERE user_id = $1',
      [res.body.id],
    );
    expect(hash.rows[0]!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('reset links point at PUBLIC_URL, never at the Host header a client sent', async () => {
    const c = t.client();
    const name = unique('aquila');
    await c.register(name, `${name}@example.com`, 'Acts-18:26 more accurately');
    expect(
      (await t.client().post('/api/request-password-reset', { email: `${name}@example.com` }, { host: 'evil.example' }))
        .status,
    ).toBe(421);
    const res = await t
      .client()
      .post('/api/request-password-reset', { email: `${name}@example.com` }, { host: 'localhost:1' });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'If your email is registered, you will receive a password reset link' },
    });
    let rows: Array<{ text: string }> = [];
    for (let i = 0; i < 200 && rows.length === 0; i++) {
      rows = await readOutbox(t.lectio.rt.db);
      if (rows.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(rows[0]!.text).toContain('https://lectio.example/auth?token=');
    expect(rows[0]!.text).not.toContain('localhost:1');
  });
});
