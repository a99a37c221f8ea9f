import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEventMessage } from '@lectio/contracts/events';
import { startTestLectio, unique, type TestClient } from '../../test/test-lectio';

let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ captureLogs: true });
});
afterAll(() => t.close());

const OLD = 'Psalm-23:1 shepherd';
const NEW = 'Isaiah-40:31 eagles wings';
const RESET_SENT = { message: 'If your email is registered, you will receive a password reset link' };
const INVALID = { message: 'This reset link is invalid or has expired. Please request a new one.' };

async function newUser() {
  const c = t.client();
  const name = unique('lydia');
  const email = `${name}@example.com`;
  expect((await c.register(name, email, OLD)).status).toBe(201);
  return { c, email, name };
}

/** Waits for the reset mail to `email` in the development mailbox and returns it. */
async function mailTo(c: TestClient, email: string, after = 0) {
  for (let i = 0; i < 200; i++) {
    // The development mailbox answers only this machine (see dev-routes.test.ts).
    const res = await (c.ip === '127.0.0.1' ? c : t.client('127.0.0.1')).get('/api/dev/mailbox');
    expect(res.status).toBe(200);
    const mails = (
      res.body.messages as { to: string; text: string; html: string; subject: string; createdAt: string }[]
    ).filter((m) => m.to === email);
    if (mails.length > after) return mails[0]!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${email}`);
}

const tokenOf = (text: string) => /http:\/\/[^\s]+\/auth\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

async function requestToken(c: TestClient, email: string, after = 0) {
  const res = await c.post('/api/request-password-reset', { email });
  expect(res).toMatchObject({ status: 200, body: RESET_SENT });
  return tokenOf((await mailTo(c, email, after)).text);
}

describe('password reset through the outbox', () => {
  it('mails a link with a 256-bit token to /auth?token=..., only its hash is stored', async () => {
    const u = await newUser();
    const token = await requestToken(t.client(), u.email);
    const mail = await mailTo(t.client(), u.email);
    expect(mail.subject).toBe('Reset your Lectio password');
    // Outside production without PUBLIC_URL: this server on 127.0.0.1, never the Host header.
    expect(mail.text).toContain(`${t.lectio.url}/auth?token=${token}`);
    expect(mail.html).toContain(`href="${t.lectio.url}/auth?token=${token}"`);
    expect(token).toHaveLength(43);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.lectio.rt.db.query<{ token_hash: string; expires_at: Date; created_at: Date }>(
      'SELECT t.token_hash, t.expires_at, t.created_at FROM password_reset_tokens t JOIN account_reservations a USING (user_id) WHERE a.email = $1',
      [u.email],
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.token_hash).not.toContain(token);
    expect(new Date(rows.rows[0]!.expires_at).getTime() - new Date(rows.rows[0]!.created_at).getTime()).toBe(3600_000);
  });

  it('sets the new password, ends every session of the user, and the old password stops working', async () => {
    const u = await newUser();
    const other = t.client();
    expect((await other.login(u.email, OLD)).status).toBe(200);
    const oldCookie = u.c.cookies.get('lectio_session')!;
    const token = await requestToken(t.client(), u.email);

    const res = await t.client().post('/api/reset-password', { token, password: NEW });
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Your password has been reset. You can now log in with your new password.' },
    });
    expect(res.headers['x-lectio-position']).toMatch(/^[1-9]\d*$/);

    expect((await u.c.get('/api/user')).status).toBe(401);
    expect((await other.get('/api/user')).status).toBe(401);
    const replay = t.client();
    replay.cookies.set('lectio_session', oldCookie);
    expect((await replay.get('/api/user')).status).toBe(401);

    expect((await t.client().login(u.email, OLD)).status).toBe(401);
    expect((await t.client().login(u.email, NEW)).status).toBe(200);
  });

  it('a used token fails the second time', async () => {
    const u = await newUser();
    const token = await requestToken(t.client(), u.email);
    expect((await t.client().post('/api/reset-password', { token, password: NEW })).status).toBe(200);
    const again = await t.client().post('/api/reset-password', { token, password: 'Another-fine-password 7' });
    expect(again).toMatchObject({ status: 400, body: INVALID });
    expect((await t.client().login(u.email, NEW)).status).toBe(200);
  });

  it('an expired token fails, and so does an unknown one', async () => {
    const u = await newUser();
    const token = await requestToken(t.client(), u.email);
    await t.lectio.rt.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'
       WHERE user_id = (SELECT user_id FROM account_reservations WHERE email = $1)`,
      [u.email],
    );
    expect(await t.client().post('/api/reset-password', { token, password: NEW })).toMatchObject({
      status: 400,
      body: INVALID,
    });
    expect(await t.client().post('/api/reset-password', { token: 'x'.repeat(43), password: NEW })).toMatchObject({
      status: 400,
      body: INVALID,
    });
    expect((await t.client().login(u.email, OLD)).status).toBe(200);
  });

  it('a new reset voids the earlier links of the same user', async () => {
    const u = await newUser();
    const first = await requestToken(t.client(), u.email);
    const second = await requestToken(t.client(), u.email, 1);
    expect(second).not.toBe(first);
    expect((await t.client().post('/api/reset-password', { token: second, password: NEW })).status).toBe(200);
    expect(
      await t.client().post('/api/reset-password', { token: first, password: 'Another-fine-password 7' }),
    ).toMatchObject({ status: 400, body: INVALID });
  });

  it('validates the new password like registration, and refuses common ones', async () => {
    const u = await newUser();
    const token = await requestToken(t.client(), u.email);
    const short = await t.client().post('/api/reset-password', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters' });
    const common = await t.client().post('/api/reset-password', { token, password: 'iloveyou1' });
    expect(common.body.message).toBe(
      'This password is too easy to guess. Add more words or characters that are not a name, date or common word.',
    );
    const mismatch = await t.client().post('/api/reset-password', { token, password: NEW, confirmPassword: 'other' });
    expect(mismatch.body.errors).toContainEqual({ field: 'confirmPassword', message: "Passwords don't match" });
    // None of these used the token up.
    expect((await t.client().post('/api/reset-password', { token, password: NEW })).status).toBe(200);
  });

  it('answers a known and an unknown e-mail alike: status, body and position header', async () => {
    const u = await newUser();
    const known = await t.client().post('/api/request-password-reset', { email: u.email });
    const unknown = await t.client().post('/api/request-password-reset', { email: `${unique('nobody')}@example.com` });
    for (const r of [known, unknown]) expect(r).toMatchObject({ status: 200, body: RESET_SENT });
    expect(unknown.headers['x-lectio-position']).toBe(known.headers['x-lectio-position']);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    const bad = await t.client().post('/api/request-password-reset', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'email', message: 'Please enter a valid email' }]);
  });

  it('records PasswordResetRequested and PasswordChanged, with neither token nor password, and logs neither', async () => {
    const u = await newUser();
    const token = await requestToken(t.client(), u.email);
    await t.client().post('/api/reset-password', { token, password: NEW });
    const me = await t.client().login(u.email, NEW);
    const stream = (await t.lectio.rt.store.readStream(`user-${me.body.id}`)).map(toEventMessage);
    expect(stream.map((e) => e.type)).toEqual(['UserRegistered', 'PasswordResetRequested', 'PasswordChanged']);
    expect(stream[2]!.data).toMatchObject({ reason: 'reset' });
    const all = JSON.stringify(stream);
    for (const secret of [token, OLD, NEW]) {
      expect(all).not.toContain(secret);
      expect(t.logs.join('')).not.toContain(secret);
    }
  });

  it('limits the reset mails to one address, without refusing anyone, known address or not', async () => {
    const u = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await t.client().post('/api/request-password-reset', { email: u.email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const mailbox = t.client('127.0.0.1');
    const count = async () =>
      ((await mailbox.get('/api/dev/mailbox')).body.messages as { to: string }[]).filter((m) => m.to === u.email)
        .length;
    for (let i = 0; i < 200 && (await count()) < 3; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(await count()).toBe(3);
    // The same answers for an address nobody has: they tell nothing about the account.
    const nobody = `${unique('nobody')}@example.com`;
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++)
      unknown.push((await t.client().post('/api/request-password-reset', { email: nobody })).status);
    expect(unknown).toEqual(statuses);
  });

  // Last: it moves the app's clock on for the rest of this file.
  it("a reset link expires on the clock every other rule reads (the app's clock, not the wall clock)", async () => {
    const u = await newUser();
    const token = await requestToken(t.client(), u.email);
    t.lectio.rt.clock.advance(61 * 60 * 1000);
    expect(await t.client().post('/api/reset-password', { token, password: NEW })).toMatchObject({
      status: 400,
      body: INVALID,
    });
    expect((await t.client().login(u.email, OLD)).status).toBe(200);
  });
});
