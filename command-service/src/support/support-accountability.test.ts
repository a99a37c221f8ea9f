import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailboxMessage } from '@lectio/contracts/mailbox';
import { streams } from '@lectio/contracts/events';
import { MAX_TRIAL_EXTENSION_DAYS } from '@lectio/contracts/billing';
import { SUPPORT_PASSWORD_ATTEMPTS } from '@lectio/contracts/support';
import { waitForProjections } from '@lectio/platform/projections';
import { readModelNames } from '@lectio/projections';
import { freshCardNumber } from '@lectio/testing/cards';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { userStream } from '../accounts/user-stream';
import { supportRoleCommand } from './role';

/**
 * Support stays accountable: every look-up and action shows in the reader's 'Support access' list
 * whatever spelling of the id was used, searches too; actions are never merged; the password
 * re-check is limited and needed wherever the password was not checked lately in the session.
 */
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ commands: { support: { callsPerMinute: 1000 } } });
}, 180_000);
afterAll(() => t?.close());

const PASSWORD = 'Psalm-23:1 shepherd';
let ip = 1;
const local = () => t.client(`127.0.9.${ip++}`);
const settled = async (c: TestClient) => {
  if (c.position) await waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position), 60_000);
};

async function trialReader(prefix = 'tabitha') {
  const c = local();
  const username = unique(prefix);
  const email = `${username}@example.com`;
  const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
  const confirmed = await c.post('/api/sandbox/confirm-setup', {
    clientSecret,
    card: { number: freshCardNumber(), expMonth: 12, expYear: 2031, cvc: '123' },
  });
  const r = await c.post('/api/register-with-payment', {
    userData: { username, email, password: PASSWORD, confirmPassword: PASSWORD },
    paymentMethodId: confirmed.body.paymentMethodId,
  });
  expect(r.status).toBe(201);
  await settled(c);
  return { c, id: r.body.id as string, email, username };
}

async function newStaff() {
  const c = local();
  const name = unique('priscilla');
  const email = `${name}@example.com`;
  const r = await c.register(name, email, PASSWORD);
  expect(await supportRoleCommand(t.lectio.rt, userStream(t.lectio.rt.store), 'grant', email)).toMatchObject({
    ok: true,
  });
  return { c, id: r.body.id as string, email };
}

/** The staff member's password was last checked 16 minutes ago (their sign-in is as old). */
async function passwordCheckedLongAgo(staffId: string) {
  await t.lectio.rt.db.query(
    `UPDATE sessions SET created_at = now() - interval '16 minutes', password_checked_at = now() - interval '16 minutes' WHERE user_id = $1`,
    [staffId],
  );
  t.lectio.app.sessions.forgetRemembered();
}

async function mailsTo(email: string): Promise<MailboxMessage[]> {
  const r = await t.client('127.0.0.1').get('/api/dev/mailbox');
  return (r.body.messages as MailboxMessage[]).filter((m) => m.to === email);
}

const accessList = async (reader: { c: TestClient }) =>
  (await reader.c.get('/api/user/support-access')).body.lookups as { action?: string; reason?: string }[];

let staff: Awaited<ReturnType<typeof newStaff>>;
beforeAll(async () => {
  staff = await newStaff();
});

describe('an account id in another spelling is the same reader everywhere', { timeout: 120_000 }, () => {
  it("every support read and action through an upper-case id shows in that reader's support-access list", async () => {
    const reader = await trialReader();
    const ID = reader.id.toUpperCase();
    for (const read of ['history', 'state', 'drift']) {
      expect((await staff.c.get(`/api/support/accounts/${ID}/${read}`)).status, read).toBe(200);
    }
    const actions: [string, Record<string, unknown>][] = [
      ['extend-trial', { days: 2 }],
      ['export', {}],
      ['rebuild', {}],
      ['send-password-reset', {}],
      ['sign-out-everywhere', {}],
      ['cancel-subscription', {}],
    ];
    for (const [action, body] of actions) {
      expect(
        (await staff.c.post(`/api/support/accounts/${ID}/${action}`, { reason: `upper-case ${action}`, ...body }))
          .status,
        action,
      ).toBe(200);
    }
    // The reader was signed out everywhere: a fresh sign-in reads their list.
    const again = local();
    expect((await again.login(reader.email, PASSWORD)).status).toBe(200);
    const listed = await accessList({ c: again });
    for (const read of ['history', 'state', 'drift'])
      expect(
        listed.map((l) => l.action),
        read,
      ).toContain(read);
    for (const [action] of actions)
      expect(listed, action).toContainEqual(expect.objectContaining({ action, reason: `upper-case ${action}` }));
    // Nothing was written under the other spelling.
    expect(await t.lectio.rt.store.readStream(streams.support(ID))).toEqual([]);
  });
});

describe('support actions are never merged', { timeout: 120_000 }, () => {
  it('the same action twice with the same reason is two entries; the same read twice is one', async () => {
    const reader = await trialReader();
    for (let i = 0; i < 2; i++) {
      expect(
        (await staff.c.post(`/api/support/accounts/${reader.id}/send-password-reset`, { reason: 'locked out' })).status,
      ).toBe(200);
      expect((await staff.c.get(`/api/support/accounts/${reader.id}/history`)).status).toBe(200);
    }
    const listed = await accessList(reader);
    expect(listed.filter((l) => l.action === 'send-password-reset')).toHaveLength(2);
    expect(listed.filter((l) => l.action === 'history')).toHaveLength(1);
  });

  it(`trial extensions stop at ${MAX_TRIAL_EXTENSION_DAYS} days in all, with a message that says so`, async () => {
    const reader = await trialReader();
    const url = `/api/support/accounts/${reader.id}/extend-trial`;
    expect((await staff.c.post(url, { reason: 'a lost week', days: MAX_TRIAL_EXTENSION_DAYS - 5 })).status).toBe(200);
    const refused = await staff.c.post(url, { reason: 'another lost week', days: 7 });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: `A trial can be extended by at most ${MAX_TRIAL_EXTENSION_DAYS} days in all: this one can get 5 more days at most`,
      },
    });
    expect((await staff.c.post(url, { reason: 'the rest', days: 5 })).status).toBe(200);
    expect((await staff.c.post(url, { reason: 'one more', days: 1 })).status).toBe(409);
    const extended = (
      await staff.c.get(`/api/support/accounts/${reader.id}/history?kind=subscription`)
    ).body.events.filter((e: { type: string }) => e.type === 'TrialExtended');
    expect(extended).toHaveLength(2);
  });
});

describe('support searches are recorded', { timeout: 120_000 }, () => {
  it('each account a search lists shows it in its history and its support-access list, with the shape of the query, never its text', async () => {
    const prefix = unique('eunice');
    const first = await trialReader(prefix);
    const second = await trialReader(prefix);
    const r = await staff.c.get(`/api/support/accounts?q=${encodeURIComponent(prefix)}`);
    expect(r.status).toBe(200);
    expect(r.body.accounts.map((a: { id: string }) => a.id).sort()).toEqual([first.id, second.id].sort());
    for (const reader of [first, second]) {
      expect(await accessList(reader)).toContainEqual(expect.objectContaining({ action: 'search' }));
      const [listed] = (await staff.c.get(`/api/support/accounts/${reader.id}/history?kind=support`)).body.events;
      expect(listed).toMatchObject({
        type: 'SupportLookupRecorded',
        actor: { kind: 'support', id: staff.id },
        summary: 'Support listed the account in a search (words, 2 accounts found)',
        data: { staffId: staff.id, action: 'search', query: { kind: 'words', length: prefix.length }, listed: 2 },
      });
      expect(JSON.stringify(listed)).not.toContain(prefix);
    }
    // Both were listed by one search: one correlation id.
    const correlations = await Promise.all(
      [first, second].map(
        async (reader) => (await t.lectio.rt.store.readStream(streams.support(reader.id)))[0]!.metadata.correlationId,
      ),
    );
    expect(correlations[0]).toBe(correlations[1]);
  });
});

describe('the password re-check', { timeout: 120_000 }, () => {
  it(`is limited to ${SUPPORT_PASSWORD_ATTEMPTS.max} attempts per staff member; past it a 429, even for the right password, and the staff member is mailed once`, async () => {
    const own = await newStaff();
    const reader = await trialReader();
    await passwordCheckedLongAgo(own.id);
    const url = `/api/support/accounts/${reader.id}/sign-out-everywhere`;
    for (let i = 0; i < SUPPORT_PASSWORD_ATTEMPTS.max; i++) {
      expect(await own.c.post(url, { reason: 'lost phone', password: `guess ${i}` })).toMatchObject({
        status: 403,
        body: { message: 'Password is incorrect' },
      });
    }
    const limited = await own.c.post(url, { reason: 'lost phone', password: 'guess again' });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: 'Too many password attempts. Please wait before trying again.' },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The right password does not get through either, from another browser of the same staff member.
    const other = local();
    expect((await other.login(own.email, PASSWORD)).status).toBe(200);
    await passwordCheckedLongAgo(own.id);
    expect((await other.post(url, { reason: 'lost phone', password: PASSWORD })).status).toBe(429);
    expect((await own.c.post(url, { reason: 'lost phone', password: PASSWORD })).status).toBe(429);
    await expect
      .poll(
        async () =>
          (await mailsTo(own.email)).filter((m) => m.subject === 'Wrong passwords on your Lectio support account'),
        { timeout: 10_000 },
      )
      .toHaveLength(1);
    // Only this staff member is held back.
    await passwordCheckedLongAgo(staff.id);
    expect((await staff.c.post(url, { reason: 'lost phone', password: PASSWORD })).status).toBe(200);
  });

  it('a session signed in with a mailed link has never seen the password: its first action asks for it, the next does not', async () => {
    const own = await newStaff();
    const reader = await trialReader();
    const b = local();
    expect((await b.post('/api/request-sign-in-link', { email: own.email })).status).toBe(200);
    let link: MailboxMessage | undefined;
    await expect
      .poll(async () => (link = (await mailsTo(own.email)).find((m) => /signin=/.test(m.text))), { timeout: 10_000 })
      .toBeTruthy();
    const token = new URL(/http\S+/.exec(link!.text)![0]).searchParams.get('signin');
    expect((await b.post('/api/sign-in-link', { token })).status).toBe(200);
    const url = (action: string) => `/api/support/accounts/${reader.id}/${action}`;
    expect(await b.post(url('send-password-reset'), { reason: 'locked out' })).toMatchObject({
      status: 403,
      body: { message: 'Please confirm your password to continue', stepUp: true },
    });
    expect((await b.post(url('send-password-reset'), { reason: 'locked out', password: PASSWORD })).status).toBe(200);
    expect((await b.post(url('sign-out-everywhere'), { reason: 'lost phone' })).status).toBe(200);
  });
});

describe('a malformed percent-encoding', { timeout: 60_000 }, () => {
  it('answers our 400 shape, not the framework body', async () => {
    for (const url of ['/api/support/accounts/%zz/history', '/api/bible/%E0%A4%A/1', '/api/nothing/%zz']) {
      const r = await t.client().get(url);
      expect(r.status, url).toBe(400);
      expect(r.body, url).toEqual({ message: 'This address is not valid: it has a malformed %-escape' });
    }
  });
});
