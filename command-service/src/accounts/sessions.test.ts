import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toEventMessage } from '@lectio/contracts/events';
import { startTestLectio, unique, type TestClient } from '../../test/test-lectio';
import { PasswordHasher } from './passwords';

// Small windows for the per-e-mail sign-in limit, to show the window ending; the rest are the defaults.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({
    captureLogs: true,
    commands: {
      accounts: { rateLimits: { loginPerEmail: { free: 10, baseMs: 1000, maxDelayMs: 3000, forgetAfterMs: 3000 } } },
    },
  });
});
afterAll(() => t.close());

const PASSWORD = 'Psalm-23:1 shepherd';
const sessionId = (c: TestClient) => {
  const signed = decodeURIComponent(c.cookies.get('lectio_session')!);
  return createHash('sha256')
    .update(signed.slice(0, signed.lastIndexOf('.')))
    .digest('hex');
};
const sessionRows = async (userId: string) =>
  (await t.lectio.rt.db.query<{ id: string }>('SELECT id FROM sessions WHERE user_id = $1', [userId])).rows.map(
    (r) => r.id,
  );

async function newUser() {
  const c = t.client();
  const name = unique('saint');
  const res = await c.register(name, `${name}@example.com`, PASSWORD);
  expect(res.status).toBe(201);
  return { c, email: `${name}@example.com`, id: res.body.id as string, username: name };
}

describe('sign-in and sign-out', () => {
  it('GET /api/user is 401 Not authenticated when signed out, or with a forged cookie', async () => {
    const c = t.client();
    expect(await c.get('/api/user')).toMatchObject({ status: 401, body: { message: 'Not authenticated' } });
    c.cookies.set('lectio_session', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.forged');
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('signs in with the e-mail in any case and answers the user', async () => {
    const u = await newUser();
    const c = t.client();
    const res = await c.login(u.email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.id, username: u.username, email: u.email, subscriptionStatus: 'inactive' });
    expect(res.headers['x-lectio-position']).toMatch(/^\d+$/);
    expect((await c.get('/api/user')).body.id).toBe(u.id);
  });

  it('rotates the session at sign-in: a new cookie, and the old session row is gone', async () => {
    const u = await newUser();
    const before = sessionId(u.c);
    const oldCookie = u.c.cookies.get('lectio_session')!;
    expect(await sessionRows(u.id)).toEqual([before]);
    expect((await u.c.login(u.email, PASSWORD)).status).toBe(200);
    const after = sessionId(u.c);
    expect(u.c.cookies.get('lectio_session')).not.toBe(oldCookie);
    expect(after).not.toBe(before);
    expect(await sessionRows(u.id)).toEqual([after]);
    const stale = t.client();
    stale.cookies.set('lectio_session', oldCookie);
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  it('sign-out ends the session on the server: the old cookie no longer works', async () => {
    const u = await newUser();
    const cookie = u.c.cookies.get('lectio_session')!;
    const out = await u.c.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'You have been successfully logged out' });
    expect(out.setCookie.some((s) => /^lectio_session=;/.test(s))).toBe(true);
    expect(await sessionRows(u.id)).toEqual([]);
    const replay = t.client();
    replay.cookies.set('lectio_session', cookie);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('sessions end after 7 idle days and 30 days after sign-in, however used', async () => {
    const u = await newUser();
    const id = sessionId(u.c);
    const day = 24 * 3600 * 1000;
    await t.lectio.rt.db.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [
      id,
      new Date(Date.now() - 7 * day - 1000),
    ]);
    t.lectio.app.sessions.forgetRemembered();
    expect((await u.c.get('/api/user')).status).toBe(401);
    expect(await sessionRows(u.id)).toEqual([]);

    await u.c.login(u.email, PASSWORD);
    await t.lectio.rt.db.query('UPDATE sessions SET created_at = $2, expires_at = $3 WHERE id = $1', [
      sessionId(u.c),
      new Date(Date.now() - 30 * day),
      new Date(Date.now() - 1000),
    ]);
    t.lectio.app.sessions.forgetRemembered();
    expect((await u.c.get('/api/user')).status).toBe(401);
  });

  it('a wrong password and an unknown e-mail get the same answer', async () => {
    const u = await newUser();
    const wrong = await t.client().login(u.email, 'not the password');
    const unknown = await t.client().login(`${unique('nobody')}@example.com`, 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.setCookie).toEqual([]);
  });

  it('does the same scrypt work for an unknown e-mail as for a wrong password (a dummy hash)', async () => {
    const u = await newUser();
    const verify = vi.spyOn(PasswordHasher.prototype, 'verify');
    try {
      await t.client().login(u.email, 'not the password');
      expect(verify).toHaveBeenCalledTimes(1);
      await t.client().login(`${unique('ghost')}@example.com`, 'not the password');
      expect(verify).toHaveBeenCalledTimes(2);
      const [, dummyHash] = verify.mock.calls[1]!;
      const [, realHash] = verify.mock.calls[0]!;
      // Same parameters, so the same cost.
      expect(dummyHash.split('$').slice(0, 4)).toEqual(realHash.split('$').slice(0, 4));
    } finally {
      verify.mockRestore();
    }
  });

  it.each([
    [{ email: 'nope', password: 'x' }, 'email', 'Please enter a valid email'],
    [{ email: 'a@example.com', password: '' }, 'password', 'Password is required'],
    [{ email: 'a@example.com' }, 'password', 'Password is required'],
  ])('validates sign-in %j', async (body, field, message) => {
    const res = await t.client().post('/api/login', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request whose Origin is another site', async () => {
    const u = await newUser();
    const res = await u.c.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(res).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
    expect((await u.c.get('/api/user')).status).toBe(200); // still signed in
    const login = await t.client().post('/api/login', { email: u.email, password: PASSWORD }, { origin: 'null' });
    expect(login.status).toBe(403);
  });

  it('refuses by Referer when there is no Origin', async () => {
    const res = await t
      .client()
      .post('/api/login', { email: 'a@example.com', password: 'x' }, { referer: 'http://evil.example/page' });
    expect(res.status).toBe(403);
  });

  it('accepts the same origin, and requests without Origin or Referer', async () => {
    const u = await newUser();
    const same = await t
      .client()
      .post(
        '/api/login',
        { email: u.email, password: PASSWORD },
        { origin: 'http://localhost:80', host: 'localhost:80' },
      );
    expect(same.status).toBe(200);
    const real = await fetch(`${t.lectio.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t.lectio.url },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(real.status).toBe(200);
    const cross = await fetch(`${t.lectio.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
      body: JSON.stringify({ email: u.email, password: PASSWORD }),
    });
    expect(cross.status).toBe(403);
  });
});

describe('rate limits', () => {
  const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };

  it('20 bad passwords from one address trigger the limit', async () => {
    const c = t.client();
    const u = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push((await c.login(`${unique('guess')}@example.com`, `wrong guess ${i}`)).status);
    expect(statuses).toEqual(Array(20).fill(401));
    const blocked = await c.login(`${unique('guess')}@example.com`, 'another guess');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(TOO_MANY);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits: the limit is checked before the password.
    expect((await c.login(u.email, PASSWORD)).status).toBe(429);
    // Another address is not affected (and the e-mail itself was never guessed at).
    expect((await t.client().login(u.email, PASSWORD)).status).toBe(200);
  });

  it('10 bad passwords for one e-mail, from anywhere, lock that e-mail until the window ends', async () => {
    const u = await newUser();
    for (let i = 0; i < 10; i++) expect((await t.client().login(u.email, `wrong ${i}`)).status).toBe(401);
    expect(await t.client().login(u.email, PASSWORD)).toMatchObject({ status: 429, body: TOO_MANY });
    await new Promise((r) => setTimeout(r, 3100)); // this file's window is 3 s
    expect((await t.client().login(u.email, PASSWORD)).status).toBe(200);
  });

  it('limits registrations per address', async () => {
    const c = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const name = unique('bulk');
      statuses.push((await c.register(name, `${name}@example.com`, PASSWORD)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });
});

describe('secrets stay out of logs and events', () => {
  it('registration, sign-in and a failed sign-in log neither the password nor the session token', async () => {
    const secret = `Selah ${unique('pw')} 42!`;
    const name = unique('quiet');
    const c = t.client();
    await c.register(name, `${name}@example.com`, secret);
    await c.login(`${name}@example.com`, secret);
    await c.login(`${name}@example.com`, `${secret}-wrong`);
    await c.get('/api/user');
    const token = decodeURIComponent(c.cookies.get('lectio_session')!).split('.')[0]!;
    const logs = t.logs.join('');
    expect(logs).toContain('/api/login'); // requests are logged...
    expect(logs).not.toContain(secret); // ...but never their bodies
    expect(logs).not.toContain(token);
    expect(logs).not.toMatch(/scrypt\$/);
    const events = JSON.stringify((await t.lectio.rt.store.readAll()).map(toEventMessage));
    expect(events).not.toContain(secret);
    expect(events).not.toContain(token);
  });
});

describe('POST /api/logout-others', () => {
  it('given three signed-in devices, when one signs out the others, then only it stays signed in', async () => {
    const u = await newUser();
    const laptop = t.client();
    const phone = t.client();
    expect((await laptop.login(u.email, PASSWORD)).status).toBe(200);
    expect((await phone.login(u.email, PASSWORD)).status).toBe(200);

    const res = await u.c.post('/api/logout-others');
    expect(res).toMatchObject({ status: 200, body: { message: 'Signed out of 2 other devices', ended: 2 } });
    expect((await u.c.get('/api/user')).status).toBe(200);
    expect((await laptop.get('/api/user')).status).toBe(401);
    expect((await phone.get('/api/user')).status).toBe(401);
    expect(await sessionRows(u.id)).toEqual([sessionId(u.c)]);

    expect((await u.c.post('/api/logout-others')).body).toMatchObject({
      message: 'Signed out of 0 other devices',
      ended: 0,
    });
  });

  it('needs a session', async () => {
    expect(await t.client().post('/api/logout-others')).toMatchObject({
      status: 401,
      body: { message: 'Not authenticated' },
    });
  });
});
