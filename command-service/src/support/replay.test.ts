import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionAnswered, UsageEvent } from '@lectio/contracts/assistant';
import type { UserEvent } from '@lectio/contracts/accounts';
import type { SubscriptionEvent } from '@lectio/contracts/billing';
import type { RecordedEvent } from '@lectio/contracts/events';
import type { HistoryEvent, ReplayedState } from '@lectio/contracts/support';
import { waitForProjections } from '@lectio/platform/projections';
import { DEFAULT_FAKE_ANSWER, type FakeOpenAi, startFakeOpenAi } from '@lectio/testing/openai';
import { readModelNames } from '@lectio/projections';
import { startTestLectio, type TestClient, unique } from '../../test/test-lectio';
import { userDecider } from '../accounts/user-decider';
import { usageDecider } from '../assistant/budget/usage-decider';
import { initialSubscriptionState, subscriptionDecider } from '../billing/subscription-decider';
import { userStream } from '../accounts/user-stream';
import { supportRoleCommand } from './role';

/**
 * Replay: an account that trialled, added a card, converted, asked, cancelled and renewed. Its state
 * at every position of its history, as support sees it, equals the fold of its streams up to there
 * by the command side's own deciders. And nothing private reaches any support answer.
 */
let t: Awaited<ReturnType<typeof startTestLectio>>;
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await startTestLectio({
    commands: { assistant: { warmUp: true } },
    env: {
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: 'sk-fake',
      AI_PRICE_INPUT_PER_MTOK: '2',
      AI_PRICE_OUTPUT_PER_MTOK: '8',
    },
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const PASSWORD = 'Psalm-23:1 shepherd';
const QUESTION = 'Why does the shepherd leave the ninety-nine sheep behind?';
let ip = 1;
const local = () => t.client(`127.0.9.${ip++}`);
const settled = async (c: TestClient) => {
  if (c.position) await waitForProjections(t.lectio.rt.progress, readModelNames(), BigInt(c.position), 60_000);
};
const card = (c: TestClient, clientSecret: string, number: string) =>
  c.post('/api/sandbox/confirm-setup', { clientSecret, card: { number, expMonth: 12, expYear: 2031, cvc: '123' } });

// Typed folds of the stored events, written here from the deciders' evolve (the reference the replay must match).
const foldUser = (es: RecordedEvent[]) =>
  es.reduce((s, e) => userDecider.evolve(s, { type: e.type, data: e.data } as UserEvent), userDecider.initialState());
const foldSub = (es: RecordedEvent[]) =>
  es.reduce(
    (s, e) => subscriptionDecider.evolve(s, { type: e.type, data: e.data } as SubscriptionEvent),
    initialSubscriptionState(),
  );
const foldUsage = (es: RecordedEvent[]) =>
  es.reduce(
    (s, e) => usageDecider.evolve(s, { type: e.type, data: e.data } as UsageEvent),
    usageDecider.initialState(),
  );

describe('support replays an account with the command side’s rules', { timeout: 300_000 }, () => {
  const bodies: string[] = [];
  let reader: { id: string; email: string; c: TestClient };
  let staff: TestClient;
  let history: HistoryEvent[];

  it('a reader trials with a card, adds another, converts, asks, cancels, renews and is renewed a month later', async () => {
    const c = local();
    const username = unique('lydia');
    const email = `${username}@example.com`;
    const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
    const first = await card(c, clientSecret, '4242424242424242');
    const reg = await c.post('/api/register-with-payment', {
      userData: { username, email, password: PASSWORD, confirmPassword: PASSWORD },
      paymentMethodId: first.body.paymentMethodId,
    });
    expect(reg.status).toBe(201);
    reader = { id: reg.body.id, email, c };
    const second = await card(c, (await c.post('/api/create-setup-intent')).body.clientSecret, '5555555555554444');
    expect((await c.post('/api/add-payment-method', { paymentMethodId: second.body.paymentMethodId })).status).toBe(
      200,
    );
    expect((await c.post('/api/convert-trial-to-paid')).status).toBe(200);
    const asked = await c.post('/api/chat', {
      message: QUESTION,
      context: { book: 'luke', chapter: 15, verse: 4, verseText: 'Which of you men...' },
    });
    expect(asked.status).toBe(200);
    expect((await c.post('/api/cancel-subscription')).status).toBe(200);
    expect((await c.post('/api/activate-subscription')).status).toBe(200);
    expect((await local().post('/api/dev/clock', { advanceDays: 31 })).status).toBe(200);
    await settled(c);

    const s = local();
    const name = unique('phoebe');
    expect((await s.register(name, `${name}@example.com`, PASSWORD)).status).toBe(201);
    expect(
      await supportRoleCommand(t.lectio.rt, userStream(t.lectio.rt.store), 'grant', `${name}@example.com`),
    ).toMatchObject({ ok: true });
    staff = s;
  });

  it('the history tells it oldest first, every event once', async () => {
    await waitForProjections(t.lectio.rt.progress, readModelNames(), await t.lectio.rt.store.headPosition(), 60_000);
    const r = await staff.get(`/api/support/accounts/${reader.id}/history`);
    bodies.push(JSON.stringify(r.body));
    history = r.body.events;
    const types = history.map((e) => e.type);
    for (const type of [
      'TrialStarted',
      'PaymentMethodAdded',
      'TrialConverted',
      'QuestionAsked',
      'QuestionAnswered',
      'ChatExchanged',
      'SubscriptionCancelled',
      'SubscriptionResumed',
      'SubscriptionRenewed',
    ]) {
      expect(types, type).toContain(type);
    }
    const positions = history.map((e) => BigInt(e.position));
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect(history.find((e) => e.type === 'TrialStarted')!.summary).toMatch(
      /^Trial started, ends \d{1,2} \w{3} \d{4}$/,
    );
    expect(history.find((e) => e.type === 'PaymentMethodAdded')!.summary).toMatch(/^Card •••• 4242 added/);
    expect(history.find((e) => e.type === 'QuestionAsked')).toMatchObject({
      kind: 'usage',
      actor: { kind: 'reader', id: reader.id },
      data: { book: 'luke', chapter: 15, verse: 4, kind: 'free' },
    });
  });

  it('the state at every position equals the fold of the streams up to there by the deciders', async () => {
    const stored = await Promise.all(
      [...new Set(history.map((e) => e.stream))].map((id) => t.lectio.rt.store.readStream(id)),
    ).then((s) => s.flat());
    for (const e of history) {
      const p = BigInt(e.position);
      const r = await staff.get(`/api/support/accounts/${reader.id}/state?position=${e.position}`);
      expect(r.status).toBe(200);
      bodies.push(JSON.stringify(r.body));
      const state: ReplayedState = r.body;
      const upTo = stored.filter((x) => x.position <= p);
      const user = foldUser(upTo.filter((x) => x.streamId.startsWith('user-')));
      const sub = foldSub(upTo.filter((x) => x.streamId.startsWith('subscription-')));
      const usage = foldUsage(upTo.filter((x) => x.streamId.startsWith('usage-')));
      expect(state.position, e.type).toBe(e.position);
      expect(state.user, e.type).toMatchObject({
        registered: user.registered,
        email: user.registered ? user.email : null,
      });
      expect(state.subscription, e.type).toEqual({
        status: sub.status,
        trialUsed: sub.trialUsed,
        trialEndsAt: sub.trialEndsAt,
        currentPeriodStart: sub.periodStart,
        currentPeriodEnd: sub.periodEnd,
        accessEndsAt: sub.accessEndsAt,
        cancelledDuringTrial: sub.cancelledDuringTrial,
        lastPaymentError: sub.lastPaymentError,
        paymentMethods: sub.cards.values().map((c) =>
          expect.objectContaining({
            id: c.paymentMethodId,
            last4: c.last4,
            isDefault: c.paymentMethodId === sub.defaultPaymentMethodId,
          }),
        ),
      });
      expect(state.usage, e.type).toMatchObject({
        spentMicros: usage.spentMicros,
        questions: usage.questions,
        heldMicros: usage.heldMicros,
      });
    }
  });

  it('the moment before the cancellation is Premium active; after it, cancelled; renewed, active again', async () => {
    const at = (type: string, offset = 0) => history[history.findIndex((e) => e.type === type) + offset]!.position;
    const state = async (position: string) =>
      (await staff.get(`/api/support/accounts/${reader.id}/state?position=${position}`)).body as ReplayedState;
    expect((await state(at('SubscriptionCancelled', -1))).subscription.status).toBe('active');
    expect((await state(at('SubscriptionCancelled'))).subscription.status).toBe('canceled');
    expect((await state(at('SubscriptionResumed'))).subscription.status).toBe('active');
    const answered = history.find((e) => e.type === 'QuestionAnswered')!;
    const now = await state(at('SubscriptionRenewed'));
    expect(now.usage).toMatchObject({
      questions: 1,
      spentMicros: (answered.data as Pick<QuestionAnswered, 'costMicros'>).costMicros,
    });
    expect(now.subscription.paymentMethods.map((m) => m.last4)).toEqual(['4242', '4444']);
    // Without a position: now.
    const latest = await staff.get(`/api/support/accounts/${reader.id}/state`);
    expect(BigInt(latest.body.position)).toBeGreaterThanOrEqual(BigInt(history[history.length - 1]!.position));
    expect(latest.body.subscription.status).toBe('active');
  });

  it('nothing private in any support answer: the question, the password, card numbers, tokens, hashes', async () => {
    const reset = await reader.c.post('/api/request-password-reset', { email: reader.email });
    expect(reset.status).toBe(200);
    let token: string | undefined;
    for (let i = 0; i < 200 && !token; i++) {
      const mail = await t.client('127.0.0.1').get('/api/dev/mailbox');
      const m = (mail.body.messages as { to: string; text: string }[]).find(
        (x) => x.to === reader.email && /token=/.test(x.text),
      );
      token = m && /token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
      if (!token) await new Promise((r) => setTimeout(r, 25));
    }
    expect(token).toBeTruthy();
    const hash = (
      await t.lectio.rt.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM credentials WHERE user_id = $1',
        [reader.id],
      )
    ).rows[0]!.password_hash;
    const sessionToken = [...reader.c.cookies.values()][0]!.split('.')[0]!;
    bodies.push(JSON.stringify((await staff.get(`/api/support/accounts?q=${encodeURIComponent(reader.email)}`)).body));
    bodies.push(JSON.stringify((await staff.get(`/api/support/accounts/${reader.id}/history`)).body));
    bodies.push(JSON.stringify((await staff.get(`/api/support/accounts/${reader.id}/state`)).body));
    bodies.push(
      JSON.stringify((await staff.post(`/api/support/accounts/${reader.id}/export`, { reason: 'Data request' })).body),
    );
    for (const kind of ['account', 'subscription', 'usage', 'support'])
      bodies.push(JSON.stringify((await staff.get(`/api/support/accounts/${reader.id}/history?kind=${kind}`)).body));
    bodies.push(JSON.stringify((await staff.get(`/api/support/accounts/${reader.id}/drift`)).body));
    bodies.push(JSON.stringify((await staff.get('/api/support/operations')).body));
    const all = bodies.join('\n');
    expect(all).toContain(reader.email); // the answers are there
    for (const secret of [
      QUESTION,
      'ninety-nine',
      DEFAULT_FAKE_ANSWER.slice(0, 40),
      PASSWORD,
      '4242424242424242',
      '5555555555554444',
      token!,
      hash,
      decodeURIComponent(sessionToken),
    ]) {
      expect(all.includes(secret), secret.slice(0, 12)).toBe(false);
    }
  });
});
