import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages, type UsageEvent } from '@lectio/contracts/assistant';
import { MIN_POSITION_HEADER, MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import { questionsFor } from '@lectio/library';
import { loadEntitlement } from '../billing/entitlement';
import { subscriptionStream } from '../billing/subscription-stream';
import { useAssistantLectio } from '../../test/assistant-lectio';
import { estimatePromptTokens, groundingMessages } from './ai/grounding';
import { costMicros } from './budget/usage-decider';
import { type TokenCounter, tokenCounterFor } from './ai/token-count';

// A process's first free-text question builds the assistant's text indexes (verses, the library's prose):
// seconds on this shared machine, which production spends at start-up (routes.ts's warm-up).

// The assistant through the HTTP API of a whole Lectio (the command and query sides and the projections, on PGlite) whose model is the
// local fake OpenAI-compatible server. Prices are set high so that one question is a visible
// share of the $6.00 budget.
const PRICES = { inputPerMTok: 10, outputPerMTok: 30 };
const lectio = useAssistantLectio({ prices: PRICES });
const { read, reader, usageStream, usageEvents, spend } = lectio;
/** The configured model's tokenizer (the default model), as the command side counts the prompt. */
let countTokens: TokenCounter;
beforeAll(async () => {
  countTokens = await tokenCounterFor('gpt-4o-mini')();
});

const context = { book: 'john', chapter: 3, verse: 16, verseText: 'For God so loved the world...' };
const free = (message = 'What does this verse say about God?') => ({ message, context });
const suggestedId = () => questionsFor('john', 3)[0]!.id;

/** The worst case the command side reserves for `free()` about John 3:16 for a reader without preferences. */
function worstCase() {
  const est = estimatePromptTokens(
    groundingMessages({
      text: free().message,
      context,
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'web',
    }),
    countTokens,
  );
  return {
    promptMicros: costMicros(est, PRICES.inputPerMTok),
    reservation: costMicros(est, PRICES.inputPerMTok) + costMicros(800, PRICES.outputPerMTok),
  };
}

function sse(body: string) {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data ? JSON.parse(data) : null };
    });
}

describe('who may ask (decided on the command side)', () => {
  it('signed out: 401; a blank message: 400 with the contract message', async () => {
    const anonymous = lectio.t.client();
    expect((await anonymous.post('/api/chat', free())).status).toBe(401);
    expect((await anonymous.post('/api/chat/stream', free())).status).toBe(401);
    const { c } = await reader('premium');
    const blank = await c.post('/api/chat', free('   \n '));
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(assistantMessages.messageRequired);
    const badBook = await c.post('/api/chat', { message: 'Who?', context: { ...context, book: 'hezekiah' } });
    expect(badBook.status).toBe(400);
    expect(badBook.body.message).toBe(assistantMessages.unknownBook);
    // A passage of the Old Testament, which the reader now holds, is asked about like any other.
    const isaiah = await c.post('/api/chat', {
      message: 'Who is pierced here?',
      context: { ...context, book: 'isaiah', chapter: 53, verse: 5 },
    });
    expect(isaiah.status).toBe(200);
    expect(isaiah.body.response.length).toBeGreaterThan(20);
  });

  it('no trial, no Premium: suggested and free text are both 403 with a message the panel shows', async () => {
    const { c } = await reader('inactive');
    const suggested = await c.post('/api/chat', { ...free(), questionId: suggestedId() });
    expect(suggested.status).toBe(403);
    expect(suggested.body.message).toBe(assistantMessages.trialOrPremiumRequired);
    const own = await c.post('/api/chat', free());
    expect(own.status).toBe(403);
    expect(lectio.fake.requests).toHaveLength(0);
  });

  it('trial: a suggested question gets its expert answer (library, free of charge); free text is 403', async () => {
    const { c, userId } = await reader('trial');
    const q = questionsFor('john', 3)[0]!;
    const r = await c.post('/api/chat', { message: q.question, context, questionId: q.id });
    expect(r.status).toBe(200);
    expect(r.body.source).toBe('library');
    expect(r.body.kind).toBe('suggested');
    expect(r.body.citations.length).toBeGreaterThan(0);
    expect(r.body.citations.every((x: { valid: boolean }) => x.valid)).toBe(true);
    const own = await c.post('/api/chat', free());
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(assistantMessages.premiumRequired);
    expect(lectio.fake.requests).toHaveLength(0);
    const e = await loadEntitlement(
      subscriptionStream(lectio.t.lectio.rt.store),
      userId,
      lectio.t.lectio.rt.clock.now(),
    );
    expect(e.inTrial).toBe(true);
  });

  it('an unknown suggested question id is 404 with the contract message', async () => {
    const { c } = await reader('trial');
    const r = await c.post('/api/chat', { ...free(), questionId: 'no-such-question' });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(assistantMessages.unknownQuestion);
  });
});

describe('Premium free text against the model', () => {
  it('answers grounded in the passage, with every reference checked and linked or marked', async () => {
    const { c } = await reader('premium');
    const r = await c.post('/api/chat', free());
    expect(r.status).toBe(200);
    expect(r.body.source).toBe('ai');
    expect(r.body.kind).toBe('free');
    expect(r.body.response).toContain('For God so loved the world');
    const john316 = r.body.citations.find((x: { text: string }) => x.text === 'John 3:16');
    expect(john316).toMatchObject({
      book: 'john',
      chapter: 3,
      verse: 16,
      valid: true,
      href: '/home?book=john&chapter=3&verse=16',
      quote: { matches: true },
    });
    const invented = r.body.citations.find((x: { text: string }) => x.text.startsWith('Hezekiah'));
    expect(invented).toMatchObject({ book: null, valid: false, href: null });
    // Grounding: the verse and its neighbours in the reader's translation, the commentary, the rules.
    const system = lectio.fake.requests[0]!.body.messages![0]!.content;
    expect(system).toContain('John 3:16 [highlighted]: For God so loved the world');
    expect(system).toContain('John 3:14');
    expect(system).toContain("Matthew Henry's Concise Commentary");
    expect(system).toMatch(
      /Quote Scripture only in the words of the World English Bible \(WEB\) or the King James Version \(KJV\), exactly/,
    );
    expect(system).toMatch(/read the passage differently, say so and give the main readings fairly/);
    expect(system).toMatch(/^Rules:\n1\. Safety comes first/m);
    expect(lectio.fake.requests[0]!.body.messages![1]!.content).toBe(free().message);
  });

  it('a follow-up about the same chapter carries the earlier exchange, so the model knows what "it" is', async () => {
    const { c } = await reader('premium');
    expect((await c.post('/api/chat', free('Who is Nicodemus?'))).status).toBe(200);
    expect(
      (
        await c.post('/api/chat', {
          message: 'Why did he come at night?',
          context: { ...context, book: 'john', chapter: 3, verse: 2 },
        })
      ).status,
    ).toBe(200);
    const second = lectio.fake.requests[1]!.body.messages!;
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second[1]!.content).toBe('Who is Nicodemus?');
    expect(second[3]!.content).toBe('Why did he come at night?');
    expect(
      (await c.post('/api/chat', { message: 'And here?', context: { ...context, chapter: 4, verse: 1 } })).status,
    ).toBe(200);
    expect(lectio.fake.requests[2]!.body.messages!.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('streams: delta events as the text comes, then done with the same body as POST /api/chat', async () => {
    const { c } = await reader('premium');
    const r = await c.post('/api/chat/stream', free());
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/event-stream/);
    const events = sse(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    const deltas = events.filter((e) => e.event === 'delta');
    const done = events.find((e) => e.event === 'done');
    expect(deltas.length).toBeGreaterThan(5);
    expect(done?.data.source).toBe('ai');
    expect(deltas.map((d) => d.data.text).join('')).toBe(done?.data.response);
    expect(done?.data.citations.length).toBeGreaterThan(0);
    // Read-your-writes for a stream: the position comes in the done event (headers went out before it was known).
    expect(BigInt(done?.data.position)).toBeGreaterThan(0n);
    const history = await c.get('/api/chat/history?book=john&chapter=3', {
      [MIN_POSITION_HEADER]: done?.data.position,
    });
    expect(history.body.messages).toHaveLength(2);
  });

  it('a stream refused before it starts is an ordinary JSON answer with its status', async () => {
    const { c } = await reader('trial');
    const r = await c.post('/api/chat/stream', free());
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(assistantMessages.premiumRequired);
  });

  it('usage figures are real after questions: questions, tokens, cost, percent, reset date', async () => {
    const { c, userId } = await reader('premium');
    expect((await c.post('/api/chat', free())).status).toBe(200);
    expect((await c.post('/api/chat', free('And verse 17?'))).status).toBe(200);
    const answered = (await usageEvents(userId)).filter((e) => e.type === 'QuestionAnswered');
    expect(answered).toHaveLength(2);
    const spent = answered.reduce((n, e) => n + (e.data.costMicros as number), 0);
    const tokens = answered.reduce((n, e) => n + (e.data.totalTokens as number), 0);
    expect(answered.every((e) => e.data.usageReported === true)).toBe(true);
    const u = await read(c, '/api/user/usage');
    expect(u.status).toBe(200);
    const { periodEnd } = await usageStream(userId);
    expect(u.body).toMatchObject({
      totalQuestions: 2,
      totalTokens: tokens,
      totalCost: Math.round(spent / 10_000) / 100,
      monthlyBudget: 6,
      percentUsed: 1, // 2 / 240, rounded
      periodEnd: new Date(periodEnd).toISOString(),
      limitReached: false,
    });
    expect(u.body.remainingBudget).toBeCloseTo(6 - spent / 1e6, 2);
    expect(u.body.budgetPercent).toBeCloseTo((spent / MONTHLY_BUDGET_MICROS) * 100, 2);
  });

  it('past the budget: 429 Monthly limit reached with the reset date; no model call; suggested questions still answered', async () => {
    const { c, userId } = await reader('premium');
    const { periodEnd } = await spend(userId, MONTHLY_BUDGET_MICROS);
    const r = await c.post('/api/chat', free());
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(assistantMessages.limitReached(periodEnd, 0));
    expect(r.body.message).toMatch(/^Monthly limit reached/);
    expect(r.body.resetDate).toBe(periodEnd);
    // Retry-After: when the next period begins.
    const untilReset = (Date.parse(periodEnd) - lectio.t.lectio.rt.clock.now().getTime()) / 1000;
    expect(Math.abs(Number(r.headers['retry-after']) - untilReset)).toBeLessThan(10);
    expect(lectio.fake.requests).toHaveLength(0);
    const suggested = await c.post('/api/chat', { ...free(), questionId: suggestedId() });
    expect(suggested.status).toBe(200);
    const u = await read(c, '/api/user/usage');
    expect(u.body).toMatchObject({ limitReached: true, budgetPercent: 100, remainingBudget: 0 });
  });

  it('two concurrent questions at 99% of the budget: exactly one is answered, the budget is never exceeded', async () => {
    const { c, userId } = await reader('premium');
    const { reservation, promptMicros } = worstCase();
    // What is left pays for one worst case, but not for a second question's prompt on top of it.
    const left = reservation + promptMicros - 1;
    expect(left / MONTHLY_BUDGET_MICROS).toBeLessThan(0.02);
    await spend(userId, MONTHLY_BUDGET_MICROS - left);
    lectio.fake.setDefault({ kind: 'answer', chunkDelayMs: 5 });
    const [a, b] = await Promise.all([c.post('/api/chat', free()), c.post('/api/chat', free())]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    expect(lectio.fake.requests).toHaveLength(1);
    const events = await usageEvents(userId);
    expect(events.filter((e) => e.type === 'QuestionAsked')).toHaveLength(2); // the earlier spending and the one that ran
    const spent = events
      .filter((e) => e.type === 'QuestionAnswered')
      .reduce((n, e) => n + (e.data.costMicros as number), 0);
    expect(spent).toBeLessThanOrEqual(MONTHLY_BUDGET_MICROS);
  });

  it('the output cap follows from what is left', async () => {
    const { c, userId } = await reader('premium');
    const { promptMicros } = worstCase();
    await spend(userId, MONTHLY_BUDGET_MICROS - (promptMicros + 300 * PRICES.outputPerMTok));
    expect((await c.post('/api/chat', free())).status).toBe(200);
    expect(lectio.fake.requests[0]!.body.max_tokens).toBe(300);
  });

  it('the reader closes the panel mid-answer: the server keeps reading the provider for its usage and charges what was used', async () => {
    const { c, userId } = await reader('premium');
    lectio.fake.script({ kind: 'answer', chunkDelayMs: 20 });
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // A real socket (not inject), closed by the client after the first piece of text.
    const first = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${lectio.t.lectio.url}/api/chat/stream`,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json', cookie } },
        (res) => {
          expect(res.statusCode).toBe(200);
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.toString());
          });
        },
      );
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      req.end(JSON.stringify(free()));
    });
    expect(first).toMatch(/^event: delta/);
    const answered = async () => (await usageEvents(userId)).find((e) => e.type === 'QuestionAnswered')?.data;
    await expect
      .poll(answered, { timeout: 10_000, interval: 100 })
      .toMatchObject({ usageReported: true, completed: true });
    const asked = (await usageEvents(userId)).find((e) => e.type === 'QuestionAsked')!.data;
    expect((await answered())!.costMicros).toBeLessThan(asked.reservedMicros as number);
    expect(lectio.fake.clientClosed).toBe(0); // the provider's stream was read to its end
  });

  it('fails closed: when the reservation cannot be recorded, no model is called and the reader is told (503)', async () => {
    const { c } = await reader('premium');
    const store = lectio.t.lectio.rt.store;
    const append = store.append.bind(store);
    store.append = async (streamId, events, options) => {
      if (streamId.startsWith('usage-')) throw new Error('disk full');
      return append(streamId, events, options);
    };
    try {
      const r = await c.post('/api/chat', free());
      expect(r.status).toBe(503);
      expect(r.body.message).toBe(assistantMessages.accountingUnavailable);
      expect(lectio.fake.requests).toHaveLength(0);
    } finally {
      store.append = append;
    }
  });

  it('when the settlement cannot be recorded, the answer stands and its reservation stays held against the budget', async () => {
    const { c, userId } = await reader('premium');
    const store = lectio.t.lectio.rt.store;
    const append = store.append.bind(store);
    store.append = async (streamId, events, options) => {
      if (events.some((e) => e.type === 'QuestionAnswered')) throw new Error('connection lost');
      return append(streamId, events, options);
    };
    try {
      expect((await c.post('/api/chat', free())).status).toBe(200);
    } finally {
      store.append = append;
    }
    const events = await usageEvents(userId);
    expect(events.map((e) => e.type)).toEqual(['QuestionAsked']);
    const { usageDecider } = await import('./budget/usage-decider');
    const state = (await store.readStream((await usageStream(userId)).id)).reduce(
      (st, e) => usageDecider.evolve(st, { type: e.type, data: e.data } as UsageEvent),
      usageDecider.initialState(),
    );
    expect(state.heldMicros).toBe(events[0]!.data.reservedMicros);
  });

  it('usage never reported: the reservation is charged, never zero', async () => {
    const { c, userId } = await reader('premium');
    lectio.fake.script({ kind: 'answer', usage: 'never' });
    expect((await c.post('/api/chat', free())).status).toBe(200);
    const events = await usageEvents(userId);
    const asked = events.find((e) => e.type === 'QuestionAsked')!;
    const answered = events.find((e) => e.type === 'QuestionAnswered')!;
    expect(answered.data.usageReported).toBe(false);
    expect(answered.data.costMicros).toBe(asked.data.reservedMicros);
    expect(answered.data.costMicros).toBeGreaterThan(0);
  });

  it('the model fails before producing anything: the apology (503), and the question costs nothing', async () => {
    const { c, userId } = await reader('premium');
    lectio.fake.script(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
      { kind: 'status', status: 500 },
    );
    const r = await c.post('/api/chat', free());
    expect(r.status).toBe(503);
    expect(r.body.message).toBe(assistantMessages.apology);
    const events = await usageEvents(userId);
    expect(events.map((e) => e.type)).toEqual(['QuestionAsked', 'QuestionReleased']);
    const u = await read(c, '/api/user/usage');
    expect(u.body).toMatchObject({ totalQuestions: 0, totalCost: 0 });
  });

  it('a stream that breaks off after some text: an error event, and only the prompt and the text produced are charged', async () => {
    const { c, userId } = await reader('premium');
    lectio.fake.script({ kind: 'drop-mid-answer', afterChunks: 3 });
    const r = await c.post('/api/chat/stream', free());
    expect(r.status).toBe(200);
    const events = sse(String(r.body));
    expect(events.filter((e) => e.event === 'delta').length).toBe(3);
    expect(events.at(-1)).toEqual({ event: 'error', data: { message: assistantMessages.apology } });
    const answered = (await usageEvents(userId)).find((e) => e.type === 'QuestionAnswered')!;
    expect(answered.data).toMatchObject({ completed: false, usageReported: false });
    // The three pieces the reader saw, counted by the model's tokenizer, and the prompt: nothing beyond what was produced.
    const produced = countTokens(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    );
    const { promptMicros, reservation } = worstCase();
    expect(answered.data.completionTokens).toBe(produced);
    expect(answered.data.costMicros).toBe(promptMicros + costMicros(produced, PRICES.outputPerMTok));
    expect(answered.data.costMicros).toBeLessThan(reservation);
  });
});

describe('thresholds, history and preferences', () => {
  it('80, 90 and 100% thresholds are recorded asynchronously, once each per period; at 100% the figures say the limit is reached', async () => {
    const { c, userId } = await reader('premium');
    const thresholds = async () =>
      (await usageEvents(userId)).filter((e) => e.type === 'BudgetThresholdReached').map((e) => e.data.threshold);
    const spentSoFar = async () =>
      (await usageEvents(userId))
        .filter((e) => e.type === 'QuestionAnswered')
        .reduce((n, e) => n + (e.data.costMicros as number), 0);
    await spend(userId, MONTHLY_BUDGET_MICROS * 0.8 - 10);
    expect((await c.post('/api/chat', free())).status).toBe(200);
    await expect.poll(thresholds, { timeout: 5000 }).toEqual([80]);
    expect((await c.post('/api/chat', free('Once more?'))).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await thresholds()).toEqual([80]);
    await spend(userId, MONTHLY_BUDGET_MICROS * 0.9 - 10 - (await spentSoFar()));
    expect((await c.post('/api/chat', free())).status).toBe(200);
    await expect.poll(thresholds, { timeout: 5000 }).toEqual([80, 90]);
    // Leave less than one worst case: the next question is refused and the budget counts as used up.
    await spend(userId, MONTHLY_BUDGET_MICROS - (await spentSoFar()) - Math.floor(worstCase().promptMicros / 2));
    const refused = await c.post('/api/chat', free());
    expect(refused.status).toBe(429);
    expect(await thresholds()).toEqual([80, 90, 100]);
    expect((await c.post('/api/chat', free())).status).toBe(429);
    expect(await thresholds()).toEqual([80, 90, 100]);
    const u = await read(c, '/api/user/usage');
    expect(u.body).toMatchObject({ limitReached: true, budgetPercent: 100 });
    expect(u.body.remainingBudget).toBeLessThan(0.05);
  });

  it('the conversation about a passage is kept and shown when it is reopened', async () => {
    const { c } = await reader('premium');
    expect((await c.post('/api/chat', free('Who is Nicodemus?'))).status).toBe(200);
    const q = questionsFor('john', 3)[1]!;
    expect((await c.post('/api/chat', { message: q.question, context, questionId: q.id })).status).toBe(200);
    const h = await read(c, '/api/chat/history?book=john&chapter=3');
    expect(h.status).toBe(200);
    expect(h.body.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(h.body.messages[0]).toMatchObject({ content: 'Who is Nicodemus?', verse: 16 });
    expect(h.body.messages[1]).toMatchObject({ source: 'ai', kind: 'free' });
    expect(h.body.messages[1].citations.length).toBeGreaterThan(0);
    expect(h.body.messages[2].content).toBe(q.question);
    expect(h.body.messages[3].source).toBe('library');
    // Reopened, a library answer still says it is the expert answer to a suggested question.
    expect(h.body.messages[3].kind).toBe('suggested');
    expect((await read(c, '/api/chat/history?book=john&chapter=4')).body.messages).toEqual([]);
    expect((await lectio.t.client().get('/api/chat/history?book=john&chapter=3')).status).toBe(401);
    expect((await c.get('/api/chat/history?book=nope&chapter=3')).status).toBe(400);
  });

  it('preferences: restricted to the enums, saved, shown in GET /api/user, and they change the expert answer', async () => {
    const { c } = await reader('trial');
    const bad = await c.post('/api/user/preferences', { faithJourney: 'pilgrim' });
    expect(bad.status).toBe(400);
    const q = questionsFor('john', 3)[0]!;
    const before = await c.post('/api/chat', { message: q.question, context, questionId: q.id });
    const saved = await c.post('/api/user/preferences', {
      faithJourney: 'bible_scholar',
      communicationStyle: 'scholarly',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      faithJourney: 'bible_scholar',
      communicationStyle: 'scholarly',
      message: assistantMessages.preferencesSaved,
    });
    const user = await read(c, '/api/user');
    expect(user.body).toMatchObject({ faithJourney: 'bible_scholar', communicationStyle: 'scholarly' });
    const after = await c.post('/api/chat', { message: q.question, context, questionId: q.id });
    expect(after.body.response).not.toBe(before.body.response);
    expect(after.body.preferences).toEqual({ faithJourney: 'bible_scholar', communicationStyle: 'scholarly' });
    const partial = await c.post('/api/user/preferences', { communicationStyle: 'simple' });
    expect(partial.body).toMatchObject({ faithJourney: 'bible_scholar', communicationStyle: 'simple' });
  });

  it('the reminder: shown to a trial reader without preferences, hidden after dismissing, never for a reader without access', async () => {
    const { c } = await reader('trial');
    expect((await read(c, '/api/user/preference-reminder')).body).toEqual({ showReminder: true });
    const dismissed = await c.post('/api/user/preference-reminder/dismiss');
    expect(dismissed.body).toEqual({ showReminder: false });
    expect((await read(c, '/api/user/preference-reminder')).body).toEqual({ showReminder: false });
    const other = await reader('inactive');
    expect((await read(other.c, '/api/user/preference-reminder')).body).toEqual({ showReminder: false });
    expect((await lectio.t.client().get('/api/user/preference-reminder')).status).toBe(401);
  });

  it('suggested questions: the chapter own questions, then the generic ones, with category counts', async () => {
    const r = await lectio.t.client().get('/api/suggested-questions?book=john&chapter=3');
    expect(r.status).toBe(200);
    const expected = questionsFor('john', 3);
    expect(r.body.questions.map((q: { id: string }) => q.id)).toEqual(expected.map((q) => q.id));
    expect(r.body.questions[0]).toEqual({
      id: expected[0]!.id,
      text: expected[0]!.question,
      category: expected[0]!.category,
    });
    const total = r.body.categories.reduce((n: number, c: { count: number }) => n + c.count, 0);
    expect(total).toBe(expected.length);
    const generic = await lectio.t.client().get('/api/suggested-questions');
    expect(generic.body.questions.length).toBeGreaterThanOrEqual(4);
    expect((await lectio.t.client().get('/api/suggested-questions?chapter=abc')).status).toBe(400);
  });
});
