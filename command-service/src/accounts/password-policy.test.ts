import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLectio, unique, type TestClient } from '../../test/test-lectio';

// ASVS level 2 password policy, through the API.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ captureLogs: true });
});
afterAll(() => t.close());

const TOO_EASY =
  'This password is too easy to guess. Add more words or characters that are not a name, date or common word.';
const BAD_CHARACTER = 'Password contains a character that cannot be used. Please type it again.';
const GOOD = 'Psalm-23:1 shepherd';

async function mailsTo(email: string, count: number) {
  const mailbox = t.client('127.0.0.1');
  let mails: { to: string; subject: string; text: string; html: string }[] = [];
  for (let i = 0; i < 200; i++) {
    mails = ((await mailbox.get('/api/dev/mailbox')).body.messages as typeof mails).filter((m) => m.to === email);
    if (mails.length >= count) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return mails;
}

describe('password policy', () => {
  it.each(['Passw0rd!', 'Summer2024!', 'Password2024', 'lectiolectio'])(
    'refuses %s at sign-up with a message that says what to do',
    async (password) => {
      const name = unique('mnason');
      const res = await t.client().register(name, `${name}@example.com`, password);
      expect(res).toMatchObject({
        status: 400,
        body: { message: TOO_EASY, errors: [{ field: 'password', message: TOO_EASY }] },
      });
    },
  );

  it('refuses a password made of the username', async () => {
    const name = unique('onesiphorus');
    const res = await t.client().register(name, `${name}@example.com`, `${name}!`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_EASY);
  });

  it('keeps the length messages', async () => {
    const name = unique('erastus');
    expect((await t.client().register(name, `${name}@example.com`, 'short')).body.message).toBe(
      'Password must be at least 8 characters',
    );
  });

  it('refuses lone surrogates (400) at sign-up and sign-in: they would all hash alike', async () => {
    const name = unique('tychicus');
    const lone = ['\uD800', '\uDBFF', '\uDC00'].map((s) => `Psalm-23:1 shepherd ${s}`);
    for (const password of lone) {
      const res = await t.client().register(name, `${name}@example.com`, password);
      expect(res).toMatchObject({ status: 400, body: { message: BAD_CHARACTER } });
    }
    const c = t.client();
    expect((await c.register(name, `${name}@example.com`, GOOD)).status).toBe(201);
    for (const password of lone)
      expect(await t.client().login(`${name}@example.com`, password)).toMatchObject({
        status: 400,
        body: { message: BAD_CHARACTER },
      });
    // A proper pair (an emoji) is fine.
    const emoji = unique('trophimus');
    expect((await t.client().register(emoji, `${emoji}@example.com`, 'Psalm-23:1 shepherd 🐑')).status).toBe(201);
  });
});

describe('the owner is told when the password changes', () => {
  async function signedUp(): Promise<{ c: TestClient; email: string }> {
    const c = t.client();
    const name = unique('epaphras');
    const email = `${name}@example.com`;
    expect((await c.register(name, email, GOOD)).status).toBe(201);
    return { c, email };
  }

  it('after a change: a mail with no secret in it', async () => {
    const { c, email } = await signedUp();
    const NEW = 'Colossians-4:12 laboring fervently';
    expect(
      (await c.post('/api/change-password', { currentPassword: GOOD, password: NEW, confirmPassword: NEW })).status,
    ).toBe(200);
    const [mail] = await mailsTo(email, 1);
    expect(mail!.subject).toBe('Your Lectio password was changed');
    expect(mail!.text).toContain('was changed from your account settings');
    for (const secret of [GOOD, NEW, 'token=']) {
      expect(mail!.text).not.toContain(secret);
      expect(mail!.html).not.toContain(secret);
    }
  });

  it('after a reset: a second mail, again with no secret', async () => {
    const { email } = await signedUp();
    expect((await t.client().post('/api/request-password-reset', { email })).status).toBe(200);
    const [resetMail] = await mailsTo(email, 1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(resetMail!.text)![1]!;
    const NEW = 'Philemon-1:7 refreshed hearts';
    expect((await t.client().post('/api/reset-password', { token, password: NEW })).status).toBe(200);
    const mails = await mailsTo(email, 2);
    const notice = mails.find((m) => m.subject === 'Your Lectio password was changed')!;
    expect(notice.text).toContain('was reset with a link sent to this address');
    for (const secret of [NEW, token]) {
      expect(notice.text).not.toContain(secret);
      expect(notice.html).not.toContain(secret);
    }
  });
});
