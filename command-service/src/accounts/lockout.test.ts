import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio, unique, type TestClient } from '../../test/test-lectio';

// Someone who knows only an e-mail must not lock its owner out. Small delays so the
// test runs in seconds; the shapes are the production ones (rate-limits.ts DEFAULT_RATE_LIMITS).
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({
    commands: {
      accounts: {
        rateLimits: {
          loginPerEmailClient: { free: 5, baseMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000 },
          loginPerEmail: { free: 10, baseMs: 500, maxDelayMs: 1500, forgetAfterMs: 60_000 },
        },
      },
    },
  });
});
afterAll(() => t.close());

const PASSWORD = 'Psalm-23:1 shepherd';
const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };

async function owner(): Promise<{ browser: TestClient; email: string }> {
  const browser = t.client();
  const name = unique('junia');
  const email = `${name}@example.com`;
  expect((await browser.register(name, email, PASSWORD)).status).toBe(201);
  expect((await browser.post('/api/logout')).status).toBe(200);
  return { browser, email };
}

async function tenWrongFromTenAddresses(email: string) {
  for (let i = 0; i < 10; i++)
    expect((await t.client(`172.16.0.${i + 1}`).login(email, `wrong guess ${i}`)).status).toBe(401);
}

describe('sign-in limits do not lock the owner out', () => {
  it('the recognised-device cookie is HttpOnly, SameSite=Lax, signed, and set at registration and sign-in', async () => {
    const c = t.client();
    const name = unique('tryphena');
    const reg = await c.register(name, `${name}@example.com`, PASSWORD);
    const cookie = reg.setCookie.find((s) => s.startsWith('lectio_device='))!;
    expect(cookie).toBeDefined();
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toMatch(/Max-Age=\d{7,}/);
    const login = await t.client().login(`${name}@example.com`, PASSWORD);
    expect(login.setCookie.some((s) => s.startsWith('lectio_device='))).toBe(true);
  });

  it('ten wrong passwords from ten addresses: the owner still signs in on the browser they registered in', async () => {
    const { browser, email } = await owner();
    await tenWrongFromTenAddresses(email);
    // A new browser is held back while the guessing goes on ...
    expect(await t.client().login(email, PASSWORD)).toMatchObject({ status: 429, body: TOO_MANY });
    // ... but not the owner's own.
    const res = await browser.login(email, PASSWORD);
    expect(res.status).toBe(200);
    expect((await browser.get('/api/user')).body.email).toBe(email);
  });

  it('a forged device cookie is not recognised', async () => {
    const { email } = await owner();
    await tenWrongFromTenAddresses(email);
    const forger = t.client();
    forger.cookies.set('lectio_device', 'AAAAAAAAAAAAAAAAAAAAAA.' + '0'.repeat(16));
    expect((await forger.login(email, PASSWORD)).status).toBe(429);
  });

  it('a new browser signs in once the attacker stops, however long the attacker went on', async () => {
    const { email } = await owner();
    await tenWrongFromTenAddresses(email);
    // The attacker keeps going for 3 s from fresh addresses; refused tries do not push the end away.
    const until = Date.now() + 3000;
    let n = 0;
    while (Date.now() < until) {
      await t.client(`172.17.${Math.floor(n / 250)}.${(n % 250) + 1}`).login(email, `guess ${n++}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const stopped = Date.now();
    // The longest growing delay for the e-mail is 1.5 s here (a minute in production).
    await new Promise((r) => setTimeout(r, 1600));
    const res = await t.client().login(email, PASSWORD);
    expect(res.status).toBe(200);
    expect(Date.now() - stopped).toBeLessThan(5000);
  });

  it('brute force from one address stays expensive: five tries, then growing delays, the right password included', async () => {
    const { email } = await owner();
    const attacker = t.client();
    for (let i = 0; i < 5; i++) expect((await attacker.login(email, `wrong ${i}`)).status).toBe(401);
    const held = await attacker.login(email, PASSWORD);
    expect(held).toMatchObject({ status: 429, body: TOO_MANY });
    expect(Number(held.headers['retry-after'])).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await attacker.login(email, 'wrong 6')).status).toBe(401);
    // The next wait doubles.
    const again = await attacker.login(email, 'wrong 7');
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(2);
  });
});

describe('reset requests by others do not block the owner', () => {
  it("an attacker's requests fill the address's mails for the window, and the owner's own browser still gets its mail", async () => {
    const { browser, email } = await owner();
    // The fourth from elsewhere is answered alike (never a 429 the attacker could cause) and sends nothing.
    for (let i = 0; i < 4; i++)
      expect((await t.client().post('/api/request-password-reset', { email })).status).toBe(200);
    const own = await browser.post('/api/request-password-reset', { email });
    expect(own.status).toBe(200);
    const mailbox = t.client('127.0.0.1');
    let count = 0;
    for (let i = 0; i < 200 && count < 4; i++) {
      count = ((await mailbox.get('/api/dev/mailbox')).body.messages as { to: string }[]).filter(
        (m) => m.to === email,
      ).length;
      if (count < 4) await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, 300));
    count = ((await mailbox.get('/api/dev/mailbox')).body.messages as { to: string }[]).filter(
      (m) => m.to === email,
    ).length;
    expect(count).toBe(4);
  });
});
