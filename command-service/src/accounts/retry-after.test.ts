import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio, unique } from '../../test/test-lectio';

// Every 429 of the accounts routes says when the limit really lets the next attempt through:
// the development clock is moved to just before and just after that moment.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({
    commands: {
      accounts: {
        rateLimits: {
          loginPerIp: { max: 7, windowMs: 10 * 60_000 },
          loginPerEmailClient: { free: 2, baseMs: 60_000, maxDelayMs: 10 * 60_000, forgetAfterMs: 24 * 3600_000 },
          resetRequestPerIp: { max: 2, windowMs: 10 * 60_000 },
        },
      },
    },
  });
});
afterAll(() => t.close());

const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
const advance = (seconds: number) => t.lectio.rt.clock.advance(seconds * 1000);

describe('Retry-After says when the window really reopens', () => {
  it('a fixed window: the seconds left of it, not its whole length', async () => {
    const c = t.client();
    for (let i = 0; i < 2; i++)
      expect((await c.post('/api/request-password-reset', { email: `${unique('a')}@example.com` })).status).toBe(200);
    const first = await c.post('/api/request-password-reset', { email: `${unique('a')}@example.com` });
    expect(first.status).toBe(429);
    expect(retryAfter(first)).toBeGreaterThan(590);
    expect(retryAfter(first)).toBeLessThanOrEqual(600);
    // Half the window later, half of it is left.
    advance(300);
    const later = await c.post('/api/request-password-reset', { email: `${unique('a')}@example.com` });
    expect(later.status).toBe(429);
    expect(retryAfter(later)).toBeGreaterThan(290);
    expect(retryAfter(later)).toBeLessThanOrEqual(300);
    advance(retryAfter(later) - 5);
    const almost = await c.post('/api/request-password-reset', { email: `${unique('a')}@example.com` });
    expect(almost.status).toBe(429);
    expect(retryAfter(almost)).toBeLessThanOrEqual(5);
    advance(5);
    expect((await c.post('/api/request-password-reset', { email: `${unique('a')}@example.com` })).status).toBe(200);
  });

  it('growing delays: the time until the next try is allowed', async () => {
    const c = t.client();
    const email = `${unique('b')}@example.com`;
    for (let i = 0; i < 2; i++) expect((await c.login(email, `wrong ${i}`)).status).toBe(401);
    const held = await c.login(email, 'wrong 2');
    expect(held.status).toBe(429);
    expect(retryAfter(held)).toBeGreaterThan(55);
    expect(retryAfter(held)).toBeLessThanOrEqual(60);
    advance(retryAfter(held) - 5);
    const almost = await c.login(email, 'wrong 3');
    expect(almost.status).toBe(429);
    expect(retryAfter(almost)).toBeLessThanOrEqual(5);
    advance(5);
    expect((await c.login(email, 'wrong 4')).status).toBe(401);
    // The next delay doubles, and a 429 now says two minutes.
    const again = await c.login(email, 'wrong 5');
    expect(again.status).toBe(429);
    expect(retryAfter(again)).toBeGreaterThan(115);
    expect(retryAfter(again)).toBeLessThanOrEqual(120);
  });

  it('several limits at once: when the last of them opens', async () => {
    const c = t.client();
    const email = `${unique('c')}@example.com`;
    // Two wrong passwords for one e-mail (its growing delay starts), four for others, and the
    // seventh sign-in fills the address's window of seven.
    for (let i = 0; i < 2; i++) expect((await c.login(email, `wrong ${i}`)).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await c.login(`${unique('c')}@example.com`, 'wrong')).status).toBe(401);
    const held = await c.login(email, 'wrong 2');
    expect(held.status).toBe(429);
    // The e-mail's delay (a minute) ends first; the address's window (ten minutes) last.
    expect(retryAfter(held)).toBeGreaterThan(590);
    advance(retryAfter(held) - 5);
    // Refused by the address's window, this try does not use the e-mail's opening up.
    const almost = await c.login(email, 'wrong 3');
    expect(almost.status).toBe(429);
    expect(retryAfter(almost)).toBeLessThanOrEqual(5);
    advance(5);
    expect((await c.login(email, 'wrong 4')).status).toBe(401);
    // The address has room again; the e-mail's next delay (two minutes) is what is left.
    const again = await c.login(email, 'wrong 5');
    expect(again.status).toBe(429);
    expect(retryAfter(again)).toBeGreaterThan(115);
    expect(retryAfter(again)).toBeLessThanOrEqual(120);
  });
});
