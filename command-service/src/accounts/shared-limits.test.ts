import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio, unique } from '../../test/test-lectio';

// The accounts limits are one set, built once: billing's sign-up routes (the card-first trial)
// count in the same windows as the accounts routes, with the limits the app was started with.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({
    commands: { accounts: { rateLimits: { registerCheckPerIp: { max: 2, windowMs: 10 * 60_000 } } } },
  });
});
afterAll(() => t.close());

const TOO_MANY = { message: 'Too many attempts. Please wait a few minutes and try again.' };

describe('one set of account limits for every module', () => {
  it("the trial page's card set-up counts in the register-check window, with the configured limit", async () => {
    const c = t.client();
    for (let i = 0; i < 2; i++) {
      const name = unique('lydia');
      expect((await c.post('/api/register-check', { username: name, email: `${name}@example.com` })).status).toBe(200);
    }
    const setUp = await c.post('/api/trial-setup-intent');
    expect(setUp).toMatchObject({ status: 429, body: TOO_MANY });
    const name = unique('lydia');
    expect(await c.post('/api/register-check', { username: name, email: `${name}@example.com` })).toMatchObject({
      status: 429,
      body: TOO_MANY,
    });
  });
});
