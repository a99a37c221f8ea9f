import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages, usagePeriodKey } from '@lectio/contracts/assistant';
import { streams } from '@lectio/contracts/events';
import { loadEntitlement } from '../billing/entitlement';
import { subscriptionStream } from '../billing/subscription-stream';
import { composeExpertAnswer, findQuestion } from '@lectio/library';
import { startTestLectio, unique } from '../../test/test-lectio';

// A process's first free-text question builds the assistant's text indexes (verses, the library's prose):
// seconds on this shared machine, which production spends at start-up (routes.ts's warm-up).

// No model configured: the offline library assistant answers Premium free text. A small chat
// limit (3 a minute) shows the per-reader rate limit.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ commands: { assistant: { chatRateLimit: { max: 3, windowMs: 60_000 }, warmUp: true } } });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

let ip = 1;
async function premiumReader() {
  const c = t.client(`127.0.9.${ip++}`);
  const name = unique('offline');
  const r = await c.register(name, `${name}@example.com`);
  expect((await c.post('/api/activate-subscription')).status).toBe(200);
  return { c, userId: r.body.id as string };
}
const ask = (message: string) => ({ message, context: { book: 'romans', chapter: 8, verse: 28, verseText: '' } });

describe('assistant with no model configured', () => {
  it('a Premium reader free-text question gets a labelled library answer, at no cost', async () => {
    const { c, userId } = await premiumReader();
    const r = await c.post('/api/chat', ask('What does it mean that all things work together for good?'));
    expect(r.status).toBe(200);
    expect(r.body.source).toBe('library');
    expect(r.body.response.startsWith(assistantMessages.offlineNotice)).toBe(true);
    expect(r.body.response).toContain('Sources:');
    const own = r.body.citations.find((x: { book: string; verse: number }) => x.book === 'romans' && x.verse === 28);
    expect(own).toMatchObject({ valid: true, href: '/home?book=romans&chapter=8&verse=28', quote: { matches: true } });
    const e = await loadEntitlement(subscriptionStream(t.lectio.rt.store), userId, t.lectio.rt.clock.now());
    expect(await t.lectio.rt.store.readStream(streams.usage(userId, usagePeriodKey(e.period.start)))).toEqual([]);
  });

  it('a veiled message at Philippians 1:23 opens with the check-in, then answers without "to die is gain" or Henry on death as deliverance', async () => {
    const { c } = await premiumReader();
    const r = await c.post('/api/chat', {
      message: 'Lately I feel like everyone would be fine without me. What does Paul mean here about departing?',
      context: { book: 'philippians', chapter: 1, verse: 23, verseText: '' },
    });
    expect(r.status).toBe(200);
    expect(r.body.safety).toBeUndefined();
    expect(r.body.checkIn).toBe('suicide');
    expect(r.body.response).toMatch(/^If you're carrying something heavy right now/);
    expect(r.body.response).toContain('call or text 988');
    expect(r.body.response).toContain(assistantMessages.offlineNotice);
    expect(r.body.response).toContain('he chooses to stay');
    for (const unfit of ['desire to depart', 'delivers him from all the evils of life', 'Death: Desired'])
      expect(r.body.response).not.toContain(unfit);
  });

  it('a question close to a written one gets its expert answer for the reader, saying which question it matched', async () => {
    const { c } = await premiumReader();
    expect(
      (await c.post('/api/user/preferences', { faithJourney: 'bible_scholar', communicationStyle: 'scholarly' }))
        .status,
    ).toBe(200);
    const r = await c.post('/api/chat', ask('so who wrote romans, and why did he write it?'));
    expect(r.status).toBe(200);
    expect(r.body.matched).toEqual({
      questionId: 'romans-general-who-wrote-why',
      question: 'Who wrote Romans, and why did he write it?',
    });
    const written = composeExpertAnswer(
      findQuestion('romans-general-who-wrote-why')!.parts,
      'bible_scholar',
      'scholarly',
    );
    expect(r.body.response).toBe(
      `From Lectio's written answer to the question closest to yours: 'Who wrote Romans, and why did he write it?'\n\n${written}`,
    );
    expect(r.body.source).toBe('library');
  });

  it('the stream sends the library answer as one delta, then done', async () => {
    const { c } = await premiumReader();
    const r = await c.post('/api/chat/stream', ask('Who is speaking?'));
    expect(r.status).toBe(200);
    const text = String(r.body);
    expect(text).toMatch(/^event: delta\ndata: /);
    expect(text).toMatch(/event: done\ndata: \{"response":"This is an offline answer/);
  });

  it('more than the per-reader limit in a minute: 429 with a clear message and Retry-After; other readers are not affected', async () => {
    const { c } = await premiumReader();
    for (let i = 0; i < 3; i++) expect((await c.post('/api/chat', ask(`Question ${i}?`))).status).toBe(200);
    const fourth = await c.post('/api/chat', ask('One more?'));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(assistantMessages.tooManyQuestions);
    // When the minute that began with the first question ends, not a whole minute from now.
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const other = await premiumReader();
    expect((await other.c.post('/api/chat', ask('Mine?'))).status).toBe(200);
    t.lectio.rt.clock.advance((retryAfter - 5) * 1000);
    const still = await c.post('/api/chat', ask('Now?'));
    expect(still.status).toBe(429);
    expect(Number(still.headers['retry-after'])).toBeLessThanOrEqual(5);
    t.lectio.rt.clock.advance(5000);
    expect((await c.post('/api/chat', ask('And now?'))).status).toBe(200);
  });

  // Last: it moves the shared development clock past the trial's end.
  it('a reader whose renewal payment failed (past due) is told why, not offered a trial', async () => {
    const c = t.client(`127.0.9.${ip++}`);
    const username = unique('pastdue');
    const password = 'Psalm-23:1 shepherd';
    const { clientSecret } = (await c.post('/api/trial-setup-intent')).body;
    const pm = (
      await c.post('/api/sandbox/confirm-setup', {
        clientSecret,
        card: { number: '4000000000000341', expMonth: 12, expYear: 2031, cvc: '123' },
      })
    ).body;
    const r = await c.post('/api/register-with-payment', {
      userData: { username, email: `${username}@example.com`, password, confirmPassword: password },
      paymentMethodId: pm.paymentMethodId,
    });
    expect(r.status).toBe(201);
    expect((await c.post('/api/dev/clock', { advanceDays: 15 })).status).toBe(200);
    const e = await loadEntitlement(subscriptionStream(t.lectio.rt.store), r.body.id, t.lectio.rt.clock.now());
    expect(e.status).toBe('past_due');
    const own = await c.post('/api/chat', ask('Still there?'));
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(assistantMessages.paymentPastDue);
  });
});
