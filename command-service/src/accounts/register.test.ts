import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserResponse, accountMessages } from '@lectio/contracts/accounts';
import { MIN_POSITION_HEADER, PASSWORD_MAX, POSITION_HEADER } from '@lectio/contracts/constants';
import { toEventMessage } from '@lectio/contracts/events';
import { startTestLectio, unique } from '../../test/test-lectio';

let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio();
});
afterAll(() => t.close());

const PASSWORD = 'Psalm-23:1 shepherd';
const form = (over: Record<string, unknown> = {}) => {
  const name = unique('reader');
  return { username: name, email: `${name}@example.com`, password: PASSWORD, confirmPassword: PASSWORD, ...over };
};

describe('POST /api/register', () => {
  it('creates the account, signs in, answers 201 with the user and the position it wrote', async () => {
    const c = t.client();
    const f = form();
    const res = await c.post('/api/register', f);
    expect(res.status).toBe(201);
    const user = UserResponse.parse(res.body);
    expect(user).toMatchObject({
      username: f.username,
      email: f.email,
      subscriptionStatus: 'inactive',
      paymentMethodProvided: false,
      stripeSubscriptionId: null,
      trialEndsAt: null,
      emailVerified: false,
      faithJourney: null,
      communicationStyle: null,
      lastPreferenceReminder: null,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
    expect(res.headers[POSITION_HEADER]).toMatch(/^[1-9]\d*$/);
    const cookie = res.setCookie.find((s) => s.startsWith('lectio_session='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // not in development or test
    // Signed: token (43 base64url characters) '.' signature.
    expect(decodeURIComponent(cookie.split(';')[0]!.split('=')[1]!)).toMatch(/^[\w-]{43}\.[\w+/=-]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('read-your-writes: the next GET /api/user with the position shows the user from the read model', async () => {
    const c = t.client();
    const f = form();
    const reg = await c.post('/api/register', f);
    const me = await c.get('/api/user', { [MIN_POSITION_HEADER]: String(reg.headers[POSITION_HEADER]) });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reg.body);
  });

  it.each([
    ['username', { username: 'ab' }, accountMessages.usernameMin],
    ['username', { username: '   ab   ' }, 'Username must be at least 3 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['email', { email: undefined }, 'Please enter a valid email'],
    ['password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['password', { password: undefined }, 'Password is required'],
    [
      'password',
      { password: 'x'.repeat(PASSWORD_MAX + 1), confirmPassword: 'x'.repeat(PASSWORD_MAX + 1) },
      'Password must be at most 128 characters',
    ],
    ['confirmPassword', { confirmPassword: 'something else' }, "Passwords don't match"],
  ])('refuses a bad %s: %j', async (field, over, message) => {
    const res = await t.client().post('/api/register', form(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('accepts a 128-character password, spaces and all, and signs in with exactly it', async () => {
    const c = t.client();
    // Strong enough for the estimator (a run of one letter would be refused as too easy to guess).
    const password =
      ' '.repeat(8) + 'בראשית ברא אלהים את השמים ואת הארץ '.repeat(4).slice(0, PASSWORD_MAX - 16) + ' '.repeat(8);
    const f = form({ password, confirmPassword: password });
    expect((await c.post('/api/register', f)).status).toBe(201);
    expect((await c.login(f.email, password)).status).toBe(200);
    expect((await c.login(f.email, password.trim())).status).toBe(401);
  });

  it.each(['password', '12345678', 'qwertyui', 'iloveyou1', 'Password123'])(
    'refuses the common password %s',
    async (password) => {
      const res = await t.client().post('/api/register', form({ password, confirmPassword: password }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message:
          'This password is too easy to guess. Add more words or characters that are not a name, date or common word.',
        errors: [
          {
            field: 'password',
            message:
              'This password is too easy to guess. Add more words or characters that are not a name, date or common word.',
          },
        ],
      });
    },
  );

  it('refuses a taken e-mail, in any letter case', async () => {
    const f = form();
    expect((await t.client().post('/api/register', f)).status).toBe(201);
    const res = await t.client().post('/api/register', form({ email: f.email.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Email already registered',
      errors: [{ field: 'email', message: 'Email already registered' }],
    });
  });

  it('refuses a taken username, in any letter case, and names both fields when both are taken', async () => {
    const f = form();
    expect((await t.client().post('/api/register', f)).status).toBe(201);
    const res = await t.client().post('/api/register', form({ username: f.username.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'username', message: 'Username already taken' }]);
    const both = await t.client().post('/api/register', form({ username: f.username, email: f.email }));
    expect(both.body.errors).toEqual([
      { field: 'email', message: 'Email already registered' },
      { field: 'username', message: 'Username already taken' },
    ]);
  });

  it('two concurrent sign-ups with one e-mail: exactly one succeeds (real HTTP)', async () => {
    const email = `${unique('race')}@example.com`;
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        fetch(`${t.lectio.url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: unique(`racer${i}`), email, password: PASSWORD, confirmPassword: PASSWORD }),
        }).then(async (r) => ({ status: r.status, body: await r.json() })),
      ),
    );
    expect(attempts.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of attempts.filter((x) => x.status !== 201)) {
      expect(a).toEqual({
        status: 400,
        body: {
          message: 'Email already registered',
          errors: [{ field: 'email', message: 'Email already registered' }],
        },
      });
    }
    const rows = await t.lectio.rt.db.query('SELECT 1 FROM account_reservations WHERE lower(email) = lower($1)', [
      email,
    ]);
    expect(rows.rows).toHaveLength(1);
    const events = (await t.lectio.rt.store.readAll()).filter(
      (e) => e.type === 'UserRegistered' && (e.data as { email: string }).email === email,
    );
    expect(events).toHaveLength(1);
  });

  it('a sign-up that died between claiming the names and recording the event does not block them forever', async () => {
    const f = form();
    const crashed = '00000000-0000-4000-8000-00000000dead';
    // As left by a process that stopped after the claim and before UserRegistered was appended.
    await t.lectio.rt.db.query(
      'INSERT INTO account_reservations (user_id, username, email, created_at) VALUES ($1, $2, $3, $4)',
      [crashed, f.username, f.email, new Date(Date.now() - 60_000)],
    );
    // A recent claim may still be a sign-up in progress: it holds.
    expect((await t.client().post('/api/register', f)).status).toBe(400);
    await t.lectio.rt.db.query('UPDATE account_reservations SET created_at = $2 WHERE user_id = $1', [
      crashed,
      new Date(Date.now() - 11 * 60_000),
    ]);
    expect((await t.client().post('/api/register', f)).status).toBe(201);
    expect(
      (await t.lectio.rt.db.query('SELECT 1 FROM account_reservations WHERE user_id = $1', [crashed])).rows,
    ).toEqual([]);
  });

  it('keeps the password out of events, and only a scrypt hash in credentials', async () => {
    const f = form();
    const res = await t.client().post('/api/register', f);
    const stream = await t.lectio.rt.store.readStream(`user-${res.body.id}`);
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered']);
    expect(stream[0]!.data).toEqual({
      userId: res.body.id,
      username: f.username,
      email: f.email,
      registeredAt: res.body.createdAt,
    });
    expect(JSON.stringify(stream.map(toEventMessage))).not.toContain(PASSWORD);
    const cred = await t.lectio.rt.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM credentials WHERE user_id = $1',
      [res.body.id],
    );
    expect(cred.rows[0]!.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(cred.rows[0]!.password_hash).not.toContain(PASSWORD);
  });
});

describe('POST /api/register-check', () => {
  it('answers { ok: true } for a free username and e-mail', async () => {
    const f = form();
    const res = await t.client().post('/api/register-check', { username: f.username, email: f.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('answers 400 with field errors for taken or invalid ones', async () => {
    const f = form();
    await t.client().post('/api/register', f);
    const taken = await t.client().post('/api/register-check', { username: f.username, email: f.email.toUpperCase() });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([
      { field: 'email', message: 'Email already registered' },
      { field: 'username', message: 'Username already taken' },
    ]);
    const bad = await t.client().post('/api/register-check', { username: 'x', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'username', message: 'Username must be at least 3 characters' },
      { field: 'email', message: 'Please enter a valid email' },
    ]);
  });
});

describe('GET|POST /api/dev-login (outside production)', () => {
  it('signs in the development account, creating it once', async () => {
    const a = t.client('127.0.0.1'); // development routes answer only this machine
    const first = await a.get('/api/dev-login');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      username: 'devuser',
      email: 'devuser@lectio.local',
      subscriptionStatus: 'inactive',
    });
    expect(first.headers[POSITION_HEADER]).toMatch(/^[1-9]\d*$/);
    expect((await a.get('/api/user')).body.username).toBe('devuser');

    const b = t.client('::1');
    const second = await b.post('/api/dev-login');
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    const accounts = await t.lectio.rt.db.query("SELECT user_id FROM account_reservations WHERE username = 'devuser'");
    expect(accounts.rows).toHaveLength(1);
  });
});
