import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@lectio/platform/testing';
import { startTestLectio } from '../../test/test-lectio';

/** The accounts flows that depend on the database engine, on a real PostgreSQL server. */
const pg = await createTestDatabase();
describe.skipIf(!pg)('accounts on PostgreSQL', () => {
  let t: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    t = await startTestLectio({ env: { DATABASE_URL: pg!.url } });
  });
  afterAll(async () => {
    await t?.close();
    await pg?.drop();
  });
  const PASSWORD = 'correct horse battery staple';
  const unique = (p: string) => `${p}${Math.random().toString(36).slice(2, 8)}`;

  it('two concurrent sign-ups with one e-mail (different case): exactly one succeeds', async () => {
    const email = `${unique('race')}@example.com`;
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        fetch(`${t.lectio.url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            username: unique(`racer${i}`),
            email: i % 2 ? email.toUpperCase() : email,
            password: PASSWORD,
            confirmPassword: PASSWORD,
          }),
        }).then((r) => r.status),
      ),
    );
    expect(attempts.filter((s) => s === 201)).toHaveLength(1);
    expect(attempts.filter((s) => s === 400)).toHaveLength(5);
  });

  it('register, then the next read (with the position) shows the user; sign-out ends the session', async () => {
    const c = t.client();
    const username = unique('reader');
    const reg = await c.post('/api/register', {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reg.status).toBe(201);
    expect(BigInt(String(reg.headers['x-lectio-position']))).toBeGreaterThan(0n);
    // As the web client does: the next read carries the position the command answered with.
    const me = await c.get('/api/user', { 'x-lectio-min-position': String(reg.headers['x-lectio-position']) });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username, email: `${username}@example.com`, subscriptionStatus: 'inactive' });
    const oldCookies = new Map(c.cookies);
    expect((await c.post('/api/logout')).status).toBe(200);
    const stale = t.client();
    for (const [k, v] of oldCookies) stale.cookies.set(k, v);
    expect((await stale.get('/api/user')).status).toBe(401);
  });

  // Appends really run at once here (separate connections): a command that loses the race for its
  // stream is decided again inside, with jittered pauses, so the reader never sees the race.
  it('50 dismissals of the preference reminder sent at once all succeed, each recorded once', async () => {
    const c = t.client();
    const name = unique('racer');
    const registered = await c.register(name, `${name}@example.com`, PASSWORD);
    expect(registered.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => c.post('/api/user/preference-reminder/dismiss')),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.every((a) => a.body.showReminder === false)).toBe(true);
    const events = await t.lectio.rt.store.readStream(`user-${registered.body.id}`);
    expect(events.filter((e) => e.type === 'PreferenceReminderDismissed')).toHaveLength(50);
  }, 60_000);

  // The limits' SQL and the sign-in tokens on a real server: concurrent wrong passwords from many
  // addresses let few through, the 429 says when to come back, and a mailed link signs the owner in.
  it('wrong passwords at once from many addresses: few are tried, Retry-After is honest, and a sign-in link lets the owner in', async () => {
    const owner = t.client();
    const name = unique('owner');
    const email = `${name}@example.com`;
    expect((await owner.register(name, email, PASSWORD)).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.client(`192.0.2.${i + 1}`).login(email, `guess ${i}`)),
    );
    const tried = answers.filter((a) => a.status === 401).length;
    expect(tried).toBeGreaterThanOrEqual(10);
    expect(tried).toBeLessThanOrEqual(14);
    const held = answers.filter((a) => a.status === 429);
    expect(held.length + tried).toBe(60);
    for (const a of held) expect(Number(a.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    for (const a of held) expect(Number(a.headers['retry-after'])).toBeLessThanOrEqual(60);

    const fresh = t.client();
    expect((await fresh.post('/api/request-sign-in-link', { email })).status).toBe(200);
    const mailbox = t.client('127.0.0.1');
    let link: string | undefined;
    for (let i = 0; i < 200 && !link; i++) {
      const mails = (await mailbox.get('/api/dev/mailbox')).body.messages as { to: string; text: string }[];
      link = mails.find((m) => m.to === email && m.text.includes('signin='))?.text.match(/http\S+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 50));
    }
    const token = new URL(link!).searchParams.get('signin');
    const used = await Promise.all([
      fresh.post('/api/sign-in-link', { token }),
      t.client().post('/api/sign-in-link', { token }),
    ]);
    // Used once, even by two requests at the same moment.
    expect(used.map((u) => u.status).sort()).toEqual([200, 400]);
  }, 60_000);
});
