import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxMessage } from '@lectio/contracts/mailbox';
import { startTestLectio, unique } from '../../test/test-lectio';

// Someone who knows only the e-mail must never lock its owner out. The production limits, behind
// one trusted proxy (TRUST_PROXY=1), so the client address is the X-Forwarded-For an attacker
// rotates at will.
let t: Awaited<ReturnType<typeof startTestLectio>>;
const PROXY = '10.250.0.1';
beforeAll(async () => {
  t = await startTestLectio({ env: { TRUST_PROXY: '1' } });
});
afterAll(() => t.close());

const PASSWORD = 'Psalm-23:1 shepherd';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const LINK_SENT = 'If your email is registered, you will receive a sign-in link';
const LINK_INVALID = 'This sign-in link is invalid or has expired. Please request a new one.';

let from = 0;
/** A request from the next of many addresses, through the trusted proxy. */
const rotating = () => {
  from++;
  return { 'x-forwarded-for': `198.51.${Math.floor(from / 250) % 250}.${(from % 250) + 1}` };
};
/** A fresh browser behind the proxy, at an address of its own. */
const browser = () => {
  const c = t.client(PROXY);
  const headers = rotating();
  return {
    c,
    post: (url: string, body?: unknown) => c.post(url, body, headers),
    get: (url: string) => c.get(url, headers),
  };
};

async function owner(): Promise<{ email: string; username: string }> {
  const b = browser();
  const username = unique('lydia');
  const email = `${username}@example.com`;
  expect((await b.c.register(username, email, PASSWORD)).status).toBe(201);
  return { email, username };
}

async function mailsTo(email: string, subject: RegExp): Promise<MailboxMessage[]> {
  const res = await t.client('127.0.0.1').get('/api/dev/mailbox');
  return (res.body.messages as MailboxMessage[]).filter((m) => m.to === email && subject.test(m.subject));
}

async function waitForMails(email: string, subject: RegExp, count: number): Promise<MailboxMessage[]> {
  for (let i = 0; i < 300; i++) {
    const mails = await mailsTo(email, subject);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${count} mails "${subject}" to ${email}`);
}

const tokenIn = (mail: MailboxMessage, param: 'signin' | 'token') =>
  new URL(/http\S+/.exec(mail.text)![0]).searchParams.get(param)!;

/** An attacker's wrong passwords, each from another address, `count` of them, 25 at a time. */
async function attack(email: string, count: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  for (let sent = 0; sent < count; sent += 25) {
    const batch = Array.from({ length: Math.min(25, count - sent) }, (_, i) =>
      t.client(PROXY).post('/api/login', { email, password: `guess ${sent + i}` }, rotating()),
    );
    for (const r of await Promise.all(batch)) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  return statuses;
}

describe('an attacker with the e-mail and many addresses cannot lock the owner out', () => {
  it('3,000 wrong passwords from rotating addresses: few are tried, and the owner gets in from a fresh browser with a mailed link', async () => {
    const { email } = await owner();
    const statuses = await attack(email, 3000);
    // Guessing stays slow: most tries are refused before the password is checked.
    expect(statuses.get(401) ?? 0).toBeLessThan(30);
    expect(statuses.get(429)).toBeGreaterThan(2900);
    expect([...statuses.keys()].sort()).toEqual([401, 429]);

    // The attacker goes on while the owner, on a new browser, asks for a link and uses it.
    let attacking = true;
    const more = (async () => {
      while (attacking) await attack(email, 25);
    })();
    try {
      const fresh = browser();
      const password = await fresh.post('/api/login', { email, password: PASSWORD });
      expect([200, 429]).toContain(password.status);
      const asked = await fresh.post('/api/request-sign-in-link', { email });
      expect(asked).toMatchObject({ status: 200, body: { message: LINK_SENT } });
      const [mail] = await waitForMails(email, /sign-in link/, 1);
      expect(mail!.text).toContain('within 15 minutes');
      const signedIn = await fresh.post('/api/sign-in-link', { token: tokenIn(mail!, 'signin') });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.email).toBe(email);
      expect((await fresh.get('/api/user')).body.email).toBe(email);
      // From now on this browser is the owner's: the attack does not hold its password sign-ins back.
      expect((await fresh.post('/api/logout')).status).toBe(200);
      expect((await fresh.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    } finally {
      attacking = false;
      await more;
    }
  }, 180_000);

  it("the attacker's own link requests neither refuse the owner nor flood the inbox: the links sent work", async () => {
    const { email } = await owner();
    for (let i = 0; i < 20; i++)
      expect((await browser().post('/api/request-sign-in-link', { email })).status).toBe(200);
    const fresh = browser();
    expect(await fresh.post('/api/request-sign-in-link', { email })).toMatchObject({
      status: 200,
      body: { message: LINK_SENT },
    });
    const mails = await waitForMails(email, /sign-in link/, 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(email, /sign-in link/)).toHaveLength(3);
    // Any of them lets the owner in.
    expect((await fresh.post('/api/sign-in-link', { token: tokenIn(mails[0]!, 'signin') })).status).toBe(200);
  });

  it("the attacker's reset requests never refuse the owner's, and the reset browser signs in during the attack", async () => {
    const { email } = await owner();
    for (let i = 0; i < 20; i++)
      expect((await browser().post('/api/request-password-reset', { email })).status).toBe(200);
    const fresh = browser();
    expect((await fresh.post('/api/request-password-reset', { email })).status).toBe(200);
    const mails = await waitForMails(email, /Reset your Lectio password/, 3);
    const reset = await fresh.post('/api/reset-password', {
      token: tokenIn(mails.at(-1)!, 'token'),
      password: 'Romans-8:28 all things',
    });
    expect(reset.status).toBe(200);
    await attack(email, 200);
    expect((await browser().post('/api/login', { email, password: 'Romans-8:28 all things' })).status).toBe(429);
    expect((await fresh.post('/api/login', { email, password: 'Romans-8:28 all things' })).status).toBe(200);
  });
});

describe('sign-in links', () => {
  it('work once, rotate the session, and the old session ends', async () => {
    const { email } = await owner();
    const b = browser();
    expect((await b.post('/api/request-sign-in-link', { email })).status).toBe(200);
    const [mail] = await waitForMails(email, /sign-in link/, 1);
    const token = tokenIn(mail!, 'signin');
    // Signed in as someone else first: the link gives this browser a new session.
    const other = unique('phoebe');
    expect((await b.c.register(other, `${other}@example.com`, PASSWORD)).status).toBe(201);
    const before = b.c.cookies.get('lectio_session')!;
    const used = await b.post('/api/sign-in-link', { token });
    expect(used.status).toBe(200);
    expect(used.body.email).toBe(email);
    const after = b.c.cookies.get('lectio_session')!;
    expect(after).not.toBe(before);
    const stale = t.client(PROXY);
    stale.cookies.set('lectio_session', before);
    expect((await stale.get('/api/user')).status).toBe(401);
    // Used once: the second use is refused.
    expect(await browser().post('/api/sign-in-link', { token })).toMatchObject({
      status: 400,
      body: { message: LINK_INVALID },
    });
  });

  it('expire after 15 minutes, and are kept only as a hash', async () => {
    const { email } = await owner();
    expect((await browser().post('/api/request-sign-in-link', { email })).status).toBe(200);
    const [mail] = await waitForMails(email, /sign-in link/, 1);
    const token = tokenIn(mail!, 'signin');
    const rows = await t.lectio.rt.db.query<{ token_hash: string }>('SELECT token_hash FROM sign_in_tokens');
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.some((r) => r.token_hash.includes(token))).toBe(false);
    t.lectio.rt.clock.advance(15 * 60_000 + 1000);
    expect(await browser().post('/api/sign-in-link', { token })).toMatchObject({
      status: 400,
      body: { message: LINK_INVALID },
    });
  });

  it('an unknown e-mail gets the same answer and no mail; a bad token is a 400', async () => {
    const email = `${unique('nobody')}@example.com`;
    expect(await browser().post('/api/request-sign-in-link', { email })).toMatchObject({
      status: 200,
      body: { message: LINK_SENT },
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(email, /./)).toHaveLength(0);
    expect(await browser().post('/api/sign-in-link', { token: 'x'.repeat(43) })).toMatchObject({
      status: 400,
      body: { message: LINK_INVALID },
    });
    expect((await browser().post('/api/sign-in-link', {})).status).toBe(400);
  });

  it('requests from one address are limited, with a Retry-After', async () => {
    const b = browser();
    for (let i = 0; i < 10; i++)
      expect((await b.post('/api/request-sign-in-link', { email: `${unique('x')}@example.com` })).status).toBe(200);
    const held = await b.post('/api/request-sign-in-link', { email: `${unique('x')}@example.com` });
    expect(held).toMatchObject({ status: 429, body: { message: TOO_MANY } });
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(800);
  });
});
