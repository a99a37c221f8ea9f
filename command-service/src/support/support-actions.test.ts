import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForProjections } from '@lectio/platform/projections';
import { readModelNames } from '@lectio/projections';
import { usagePeriodKey } from '@lectio/contracts/assistant';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import { questionAnswered, questionAsked } from '@lectio/testing/events';
import { loadEntitlement } from '../billing/entitlement';
import { subscriptionStream } from '../billing/subscription-stream';
import { freshCardNumber } from '@lectio/testing/cards';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { userStream } from '../accounts/user-stream';
import { supportRoleCommand } from './role';

/** Support's actions through the API: each needs a reason, is decided by the stream's decider and shows as support's in the history. */
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ commands: { support: { callsPerMinute: 1000 } } });
}, 180_000);
afterAll(() => t?.close());

const PASSWORD = 'Psalm-23:1 shepherd';
const DAY = 86_400_000;
let ip = 1;
const local = () => t.client(`127.0.7.${ip++}`);
const settled = async (c: TestClient) => {
  if (c.position) await waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position), 60_000);
};

async function trialReader() {
  const c = local();
  const username = unique('tabitha');
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
  return { c, id: r.body.id as string, email };
}

async function mailsTo(email: string) {
  const r = await t.client('127.0.0.1').get('/api/dev/mailbox');
  return (r.body.messages as { to: string; subject: string; text: string }[]).filter((m) => m.to === email);
}
async function waitForMail(email: string, subject: string) {
  for (let i = 0; i < 400; i++) {
    const found = (await mailsTo(email)).find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail '${subject}' to ${email}`);
}

let staff: { c: TestClient; id: string };
const history = async (id: string) =>
  (await staff.c.get(`/api/support/accounts/${id}/history`)).body.events as {
    type: string;
    actor: { kind: string; id?: string };
    reason?: string;
    summary: string;
  }[];

describe('support actions', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const c = local();
    const name = unique('priscilla');
    const r = await c.register(name, `${name}@example.com`, PASSWORD);
    expect(
      await supportRoleCommand(t.lectio.rt, userStream(t.lectio.rt.store), 'grant', `${name}@example.com`),
    ).toMatchObject({ ok: true });
    staff = { c, id: r.body.id };
  });

  const ACTIONS = [
    'extend-trial',
    'credit-budget',
    'cancel-subscription',
    'sign-out-everywhere',
    'send-password-reset',
    'rebuild',
    'export',
  ];

  it('every action is the 404 of an unknown route for a reader and for a visitor', async () => {
    const reader = await trialReader();
    for (const action of ACTIONS) {
      const url = `/api/support/accounts/${reader.id}/${action}`;
      for (const c of [reader.c, local()]) {
        expect(await c.post(url, { reason: 'curious', days: 3, amount: 1 })).toMatchObject({
          status: 404,
          body: { message: `No route for POST ${url}` },
        });
      }
    }
  });

  it('every action without a reason is a 400 that says so, and changes nothing', async () => {
    const reader = await trialReader();
    for (const action of ACTIONS) {
      for (const body of [
        { days: 3, amount: 1 },
        { reason: '   ', days: 3, amount: 1 },
      ]) {
        const r = await staff.c.post(`/api/support/accounts/${reader.id}/${action}`, body);
        expect(r.status, action).toBe(400);
        expect(r.body.message, action).toBe('A reason is required');
      }
    }
    expect(
      (await history(reader.id)).filter((e) => e.actor.kind === 'support' && e.type !== 'SupportLookupRecorded'),
    ).toEqual([]);
  });

  it('extend-trial: the trial ends later, the reader is mailed, the history says support did it and why', async () => {
    const reader = await trialReader();
    const before = (await reader.c.get('/api/user/trial-status')).body;
    expect(
      (await staff.c.post(`/api/support/accounts/${reader.id}/extend-trial`, { reason: 'card trouble', days: 31 }))
        .status,
    ).toBe(400);
    const r = await staff.c.post(`/api/support/accounts/${reader.id}/extend-trial`, {
      reason: 'Lost a week to a card problem',
      days: 7,
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/^Trial extended: it now ends \d{1,2} \w{3} \d{4}$/);
    await settled(staff.c);
    const after = (await reader.c.get('/api/user/trial-status')).body;
    expect(after.daysLeft).toBe(before.daysLeft + 7);
    expect(new Date(after.trialEndsAt).getTime() - new Date(before.trialEndsAt).getTime()).toBe(7 * DAY);
    const extended = (await history(reader.id)).find((e) => e.type === 'TrialExtended')!;
    expect(extended).toMatchObject({
      actor: { kind: 'support', id: staff.id },
      reason: 'Lost a week to a card problem',
      summary: expect.stringMatching(/^Trial extended by 7 days, ends/),
    });
    expect((await waitForMail(reader.email, 'Your Lectio trial was extended')).text).toContain(
      'extended your Lectio free trial by 7 days',
    );
    expect((await reader.c.get('/api/user/support-access')).body.lookups).toContainEqual({
      at: expect.any(String),
      action: 'extend-trial',
      reason: 'Lost a week to a card problem',
    });
  });

  it('extend-trial outside a trial is refused by the decider', async () => {
    const c = local();
    const name = unique('dorcas');
    const r = await c.register(name, `${name}@example.com`, PASSWORD);
    const refused = await staff.c.post(`/api/support/accounts/${r.body.id}/extend-trial`, {
      reason: 'asked nicely',
      days: 3,
    });
    expect(refused.status).toBe(409);
  });

  it('credit-budget: never more than the period has spent', async () => {
    const reader = await trialReader();
    const r = await staff.c.post(`/api/support/accounts/${reader.id}/credit-budget`, {
      reason: 'a broken answer',
      amount: 1.5,
    });
    expect(r).toMatchObject({
      status: 400,
      body: { message: "A credit cannot be more than this period's spending ($0.00)" },
    });
    expect(
      (
        await staff.c.post(`/api/support/accounts/${reader.id}/credit-budget`, {
          reason: 'a broken answer',
          amount: 6.01,
        })
      ).status,
    ).toBe(400);
  });

  it('credit-budget: the period spending goes down by the credit, the reader is mailed, the history says support did it and why', async () => {
    const reader = await trialReader();
    // $2.00 spent on one answer this period (the reader's own usage stream, as the assistant writes it).
    const now = t.lectio.rt.clock.now();
    const { period } = await loadEntitlement(subscriptionStream(t.lectio.rt.store), reader.id, now);
    const o = { periodStart: period.start, periodEnd: period.end, askedAt: now.toISOString() };
    const spent = [
      questionAsked('q-1', 2_400_000, o),
      questionAnswered('q-1', 2_000_000, { totalTokens: 900, completionTokens: 400, answeredAt: now.toISOString() }),
    ];
    await t.lectio.rt.store.append(
      streams.usage(reader.id, usagePeriodKey(period.start)),
      spent.map((e) => ({
        id: crypto.randomUUID(),
        type: e.type,
        schemaVersion: 1,
        data: e.data,
        metadata: { correlationId: crypto.randomUUID(), actor: { type: 'user' as const, id: reader.id } },
      })),
      { expectedVersion: 'any' },
    );
    const usage = async () =>
      (await reader.c.get('/api/user/usage', { [MIN_POSITION_HEADER]: reader.c.position ?? '0' })).body;
    await expect.poll(async () => (await usage()).totalCost, { timeout: 10_000 }).toBe(2);

    const r = await staff.c.post(`/api/support/accounts/${reader.id}/credit-budget`, {
      reason: 'an answer broke off',
      amount: 1.5,
    });
    expect(r).toMatchObject({ status: 200, body: { message: "$1.50 credited to this period's AI budget" } });
    await expect.poll(async () => (await usage()).totalCost, { timeout: 10_000 }).toBe(0.5);
    expect((await history(reader.id)).find((e) => e.type === 'BudgetCredited')).toMatchObject({
      actor: { kind: 'support', id: staff.id },
      reason: 'an answer broke off',
      summary: 'AI budget credited $1.50',
    });
    expect((await waitForMail(reader.email, 'A credit was added to your Lectio AI budget')).text).toContain('$1.50');
    // What is left of the period's spending is the most a further credit may give back.
    expect(
      (await staff.c.post(`/api/support/accounts/${reader.id}/credit-budget`, { reason: 'again', amount: 1 })).status,
    ).toBe(400);
    const access = (await reader.c.get('/api/user/support-access')).body;
    expect(access.lookups).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'credit-budget', reason: 'an answer broke off' })]),
    );
  });

  it('cancel-subscription: cancelled as the reader would, at the end of the trial', async () => {
    const reader = await trialReader();
    const r = await staff.c.post(`/api/support/accounts/${reader.id}/cancel-subscription`, {
      reason: 'asked by phone',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toMatch(/^Subscription cancelled: access until/);
    expect((await history(reader.id)).find((e) => e.type === 'SubscriptionCancelled')).toMatchObject({
      actor: { kind: 'support', id: staff.id },
      reason: 'asked by phone',
    });
    await waitForMail(reader.email, 'Your Lectio subscription is cancelled');
  });

  it('sign-out-everywhere ends every session of the reader', async () => {
    const reader = await trialReader();
    expect((await reader.c.get('/api/user')).status).toBe(200);
    const r = await staff.c.post(`/api/support/accounts/${reader.id}/sign-out-everywhere`, { reason: 'lost phone' });
    expect(r).toMatchObject({ status: 200, body: { message: 'Signed out everywhere: 1 session ended' } });
    expect((await reader.c.get('/api/user')).status).toBe(401);
    expect((await history(reader.id)).find((e) => e.type === 'SignedOutEverywhere')).toMatchObject({
      actor: { kind: 'support' },
      reason: 'lost phone',
    });
  });

  it('send-password-reset mails the reader a link; the history shows support asked for it, without the token', async () => {
    const reader = await trialReader();
    const r = await staff.c.post(`/api/support/accounts/${reader.id}/send-password-reset`, { reason: 'locked out' });
    expect(r).toMatchObject({ status: 200, body: { message: 'Password reset link sent' } });
    const mail = await waitForMail(
      reader.email,
      (await mailsTo(reader.email)).at(-1)?.subject ?? 'Reset your Lectio password',
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const events = await history(reader.id);
    expect(events.find((e) => e.type === 'PasswordResetRequested')).toMatchObject({
      actor: { kind: 'support', id: staff.id },
      reason: 'locked out',
    });
    expect(JSON.stringify(events)).not.toContain(token);
  });

  it("export: a data request answered with the account's rows and events, recorded with its reason for the reader to see", async () => {
    const reader = await trialReader();
    const r = await staff.c.post(`/api/support/accounts/${reader.id}/export`, { reason: 'Data request by e-mail' });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: reader.id, email: reader.email });
    expect(r.body.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['UserRegistered', 'TrialStarted']),
    );
    const access = (await reader.c.get('/api/user/support-access')).body;
    expect(access.lookups).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'export', reason: 'Data request by e-mail' })]),
    );
  });

  it('drift: the replayed state beside the read model; a rebuild of the account repairs a difference', async () => {
    const reader = await trialReader();
    const drift = async () => (await staff.c.get(`/api/support/accounts/${reader.id}/drift`)).body;
    expect(await drift()).toMatchObject({ differences: 0 });
    await t.lectio.rt.db.query(`UPDATE users_view SET subscription_status = 'active' WHERE user_id = $1`, [reader.id]);
    await t.lectio.rt.db.query(`DELETE FROM billing_payment_methods WHERE user_id = $1`, [reader.id]);
    const broken = await drift();
    expect(broken.differences).toBe(2);
    expect(broken.fields.find((f: { field: string }) => f.field === 'subscriptionStatus')).toEqual({
      field: 'subscriptionStatus',
      replayed: 'trial',
      readModel: 'active',
      differs: true,
    });
    const r = await staff.c.post(`/api/support/accounts/${reader.id}/rebuild`, { reason: 'drift after an outage' });
    expect(r).toMatchObject({ status: 200, body: { message: "This account's rows were rebuilt from its events" } });
    expect(await drift()).toMatchObject({ differences: 0 });
    expect((await reader.c.get('/api/user')).body.subscriptionStatus).toBe('trial');
  });

  it('an action more than 15 minutes after the password was last checked in the session needs it again', async () => {
    const reader = await trialReader();
    await t.lectio.rt.db.query(
      `UPDATE sessions SET created_at = now() - interval '16 minutes', password_checked_at = now() - interval '16 minutes' WHERE user_id = $1`,
      [staff.id],
    );
    t.lectio.app.sessions.forgetRemembered();
    const url = `/api/support/accounts/${reader.id}/sign-out-everywhere`;
    expect(await staff.c.post(url, { reason: 'lost phone' })).toMatchObject({
      status: 403,
      body: { message: 'Please confirm your password to continue', stepUp: true },
    });
    expect(await staff.c.post(url, { reason: 'lost phone', password: 'not it' })).toMatchObject({
      status: 403,
      body: { message: 'Password is incorrect' },
    });
    expect((await staff.c.post(url, { reason: 'lost phone', password: PASSWORD })).status).toBe(200);
    // Reads need no step-up.
    expect((await staff.c.get(`/api/support/accounts/${reader.id}/history`)).status).toBe(200);
  });
});
