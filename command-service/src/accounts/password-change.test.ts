import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toEventMessage } from '@lectio/contracts/events';
import { startTestLectio, unique } from '../../test/test-lectio';

let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({
    captureLogs: true,
    commands: { accounts: { rateLimits: { changePasswordPerUser: { max: 5, windowMs: 60_000 } } } },
  });
});
afterAll(() => t.close());

const OLD = 'Psalm-23:1 shepherd';
const NEW = 'Isaiah-40:31 eagles wings';
const change = (currentPassword: string, password: string, confirmPassword = password) => ({
  currentPassword,
  password,
  confirmPassword,
});

async function newUser() {
  const c = t.client();
  const name = unique('phoebe');
  const email = `${name}@example.com`;
  expect((await c.register(name, email, OLD)).status).toBe(201);
  return { c, email, name };
}

describe('POST /api/change-password', () => {
  it('given a signed-in user, when they change their password, then the new one signs in, the old one does not, and other sessions end', async () => {
    const u = await newUser();
    const otherDevice = t.client();
    expect((await otherDevice.login(u.email, OLD)).status).toBe(200);
    const cookieBefore = [...u.c.cookies.values()][0];

    const res = await u.c.post('/api/change-password', change(OLD, NEW));
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Your password has been changed. Other devices have been signed out.' },
    });
    expect(res.headers['x-lectio-position']).toMatch(/^\d+$/);

    // This browser stays signed in on a fresh session; the other device is signed out.
    expect([...u.c.cookies.values()][0]).not.toBe(cookieBefore);
    expect((await u.c.get('/api/user')).status).toBe(200);
    expect((await otherDevice.get('/api/user')).status).toBe(401);

    expect((await t.client().login(u.email, OLD)).status).toBe(401);
    expect((await t.client().login(u.email, NEW)).status).toBe(200);
  });

  it('given a wrong current password, it is refused on that field and nothing changes', async () => {
    const u = await newUser();
    const res = await u.c.post('/api/change-password', change('not my password', NEW));
    expect(res).toMatchObject({
      status: 400,
      body: {
        message: 'Current password is incorrect',
        errors: [{ field: 'currentPassword', message: 'Current password is incorrect' }],
      },
    });
    expect((await t.client().login(u.email, OLD)).status).toBe(200);
  });

  it('refuses bad input with the form messages: short, mismatched, unchanged, common', async () => {
    const u = await newUser();
    expect(await u.c.post('/api/change-password', change(OLD, 'short'))).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'password', message: 'Password must be at least 8 characters' }] },
    });
    expect(await u.c.post('/api/change-password', change(OLD, NEW, NEW + 'x'))).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'confirmPassword', message: "Passwords don't match" }] },
    });
    expect(await u.c.post('/api/change-password', change(OLD, OLD))).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'password', message: 'Choose a password different from your current one' }] },
    });
    expect(await u.c.post('/api/change-password', change(OLD, 'password123'))).toMatchObject({
      status: 400,
      body: {
        message:
          'This password is too easy to guess. Add more words or characters that are not a name, date or common word.',
      },
    });
    expect(await u.c.post('/api/change-password', [1, 2])).toMatchObject({ status: 400 });
  });

  it('needs a session: signed out it answers 401', async () => {
    expect(await t.client().post('/api/change-password', change(OLD, NEW))).toMatchObject({
      status: 401,
      body: { message: 'Not authenticated' },
    });
  });

  it('limits guesses at the current password per account (429 with the page message)', async () => {
    const u = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await u.c.post('/api/change-password', change(`guess-${i}-wrong`, NEW))).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });

  it('records PasswordChanged with the reason and no password, and logs no password', async () => {
    const u = await newUser();
    const me = await u.c.get('/api/user');
    expect((await u.c.post('/api/change-password', change(OLD, NEW))).status).toBe(200);
    const events = (await t.lectio.rt.store.readStream(`user-${me.body.id}`)).map(toEventMessage);
    const changed = events.filter((e) => e.type === 'PasswordChanged');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.data).toMatchObject({ reason: 'change' });
    const everything = JSON.stringify(events) + t.logs.join('');
    expect(everything).not.toContain(NEW);
    expect(everything).not.toContain(OLD);
  });
});

describe('two password changes at once', () => {
  it("one wins with 200, the other gets 409 with a clear message, and only the winner's password works", async () => {
    const u = await newUser();
    const second = t.client();
    expect((await second.login(u.email, OLD)).status).toBe(200);
    const A = 'Romans-12:12 patient in affliction';
    const B = 'Hebrews-11:1 assurance of things hoped';
    const [a, b] = await Promise.all([
      u.c.post('/api/change-password', change(OLD, A)),
      second.post('/api/change-password', change(OLD, B)),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body).toEqual({
      message:
        'Your password was changed by another request at the same time, so this change was not made. Sign in with the password you set and try again if needed.',
    });
    const winner = a.status === 200 ? A : B;
    const other = winner === A ? B : A;
    expect((await t.client().login(u.email, winner)).status).toBe(200);
    expect((await t.client().login(u.email, other)).status).toBe(401);
    expect((await t.client().login(u.email, OLD)).status).toBe(401);
  });
});
