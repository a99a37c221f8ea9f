import { describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { streams } from '@lectio/contracts/events';
import { composeExpertAnswer, findQuestion, questionsFor } from '@lectio/library';
import { useAssistantLectio } from '../../test/assistant-lectio';

// A process's first free-text question builds the assistant's text indexes (verses, the library's prose):
// seconds on this shared machine, which production spends at start-up (routes.ts's warm-up).

// Safety first and our written answers first, through the HTTP API of a whole Lectio whose model
// is the local fake OpenAI-compatible server: what never reaches the model, and what it costs.
const lectio = useAssistantLectio();
const { reader, usageEvents } = lectio;

/** A veiled message: partial evidence of distress (the check-in band), asking about the verse. */
const VEILED = 'Lately I feel like everyone would be fine without me. What does Paul mean here about departing?';

const at = (book: string, chapter: number, verse: number | null) => ({ book, chapter, verse, verseText: '' });

const usageEventTypes = async (userId: string) => (await usageEvents(userId)).map((e) => e.type);

describe('safety first', () => {
  it('a Premium reader in crisis gets care and helplines, not the model, at no cost, recorded without the message', async () => {
    const { c, userId } = await reader('premium');
    const message = "I feel like God has abandoned me and I don't want to live anymore";
    const r = await c.post('/api/chat', { message, context: at('matthew', 27, 46) });
    expect(r.status).toBe(200);
    expect(r.body.safety).toBe('suicide');
    expect(r.body.source).toBe('library');
    expect(r.body.response).toMatch(/^I'm really glad you told me/);
    for (const words of ['call or text 988', 'Samaritans on 116 123', 'findahelpline.com', 'local emergency number'])
      expect(r.body.response).toContain(words);
    expect(
      r.body.citations.every(
        (x: { valid: boolean; quote: { matches: boolean } | null }) => x.valid && (x.quote?.matches ?? true),
      ),
    ).toBe(true);
    expect(lectio.fake.requests).toHaveLength(0);
    expect(await usageEventTypes(userId)).toEqual([]);

    const recorded = await lectio.t.lectio.rt.store.readStream(streams.chat(userId));
    expect(recorded.map((e) => e.type)).toEqual(['SafetyResponseGiven']);
    expect(recorded[0]!.data).toMatchObject({ category: 'suicide', book: 'matthew', chapter: 27, verse: 46 });
    expect(JSON.stringify({ data: recorded[0]!.data, metadata: recorded[0]!.metadata })).not.toContain('abandoned');

    // Reopened, the panel shows the helplines again, and no question.
    const history = await c.get('/api/chat/history?book=matthew&chapter=27', { [MIN_POSITION_HEADER]: c.position! });
    expect(history.body.messages).toHaveLength(1);
    expect(history.body.messages[0]).toMatchObject({ role: 'assistant', safety: 'suicide' });
    expect(history.body.messages[0].content).toContain('call or text 988');
  });

  it("a Premium reader's crisis on the stream (the web's path) never reaches the model and costs nothing", async () => {
    const { c, userId } = await reader('premium');
    const s = await c.post('/api/chat/stream', { message: 'i want to kil myself', context: at('john', 3, 16) });
    expect(s.status).toBe(200);
    const done = String(s.body)
      .split('\n\n')
      .find((b) => b.startsWith('event: done'));
    const body = JSON.parse(/^data: (.*)$/m.exec(done!)![1]!);
    expect(body.safety).toBe('suicide');
    expect(body.response).toContain('call or text 988');
    expect(lectio.fake.requests).toHaveLength(0);
    expect(await usageEventTypes(userId)).toEqual([]);
    const usage = await c.get('/api/user/usage', { [MIN_POSITION_HEADER]: c.position ?? '0' });
    expect(usage.body).toMatchObject({ totalQuestions: 0, totalCost: 0 });
    const recorded = await lectio.t.lectio.rt.store.readStream(streams.chat(userId));
    expect(recorded.map((e) => e.type)).toEqual(['SafetyResponseGiven']);
    expect(JSON.stringify({ data: recorded[0]!.data, metadata: recorded[0]!.metadata })).not.toContain('myself');
  });

  it('is answered on the stream too, and for readers who may not ask free text (trial, no access)', async () => {
    const trial = await reader('trial');
    const s = await trial.c.post('/api/chat/stream', {
      message: 'should I stop my insulin and trust God to heal me',
      context: at('james', 5, 14),
    });
    expect(s.status).toBe(200);
    const done = String(s.body)
      .split('\n\n')
      .find((b) => b.startsWith('event: done'));
    const body = JSON.parse(/^data: (.*)$/m.exec(done!)![1]!);
    expect(body.safety).toBe('dangerous_practice');
    expect(body.response).toMatch(
      /Scripture does not command anyone to handle snakes, drink poison, stop taking medicine/,
    );

    const none = await reader('inactive');
    const snakes = await none.c.post('/api/chat', {
      message: 'Should I pick up snakes at church?',
      context: at('mark', 16, 18),
    });
    expect(snakes.status).toBe(200);
    expect(snakes.body.safety).toBe('dangerous_practice');
    const abuse = await none.c.post('/api/chat', {
      message: 'my husbnd hits me, do I have to submit?',
      context: at('ephesians', 5, 22),
    });
    expect(abuse.body.safety).toBe('abuse');
    expect(abuse.body.response).toContain('1-800-799-7233');
    expect(lectio.fake.requests).toHaveLength(0);
  });

  it('a veiled message opens with a check-in and the helplines, then the model answers it, told what never to set beside distress', async () => {
    const { c, userId } = await reader('premium');
    lectio.fake.script({
      kind: 'answer',
      text: 'Paul weighs staying and going, and chooses to stay (Philippians 1:24-25). Death is gain, he says.',
      completionTokens: 3,
    });
    const r = await c.post('/api/chat', { message: VEILED, context: at('philippians', 1, 23) });
    expect(r.status).toBe(200);
    expect(r.body.safety).toBeUndefined();
    expect(r.body.checkIn).toBe('suicide');
    expect(r.body.source).toBe('ai');
    expect(r.body.response).toMatch(/^If you're carrying something heavy right now/);
    expect(r.body.response.match(/116 123/g)).toHaveLength(1);
    expect(r.body.response).toContain('call or text 988');
    expect(r.body.response).toContain('chooses to stay');
    // The model's own sentence commending death is left out.
    expect(r.body.response).not.toContain('Death is gain');
    expect(lectio.fake.requests).toHaveLength(1);
    expect(lectio.fake.requests[0]!.body.messages![0]!.content).toContain('never Hebrews 6:4-8 without Hebrews 6:9');
    // An answer like any other: paid from the budget.
    expect(await usageEventTypes(userId)).toContain('QuestionAsked');
  });

  it('a veiled message from a reader who may not ask free text gets the helplines, never a paywall', async () => {
    const { c } = await reader('inactive');
    const r = await c.post('/api/chat', { message: VEILED, context: at('philippians', 1, 23) });
    expect(r.status).toBe(200);
    expect(r.body.safety).toBe('suicide');
    expect(r.body.response).toContain('call or text 988');
    expect(lectio.fake.requests).toHaveLength(0);
  });

  it('an ordinary question still goes to the model', async () => {
    const { c } = await reader('premium');
    const r = await c.post('/api/chat', {
      message: 'What does it mean to die to self?',
      context: at('galatians', 2, 20),
    });
    expect(r.status).toBe(200);
    expect(r.body.safety).toBeUndefined();
    expect(r.body.source).toBe('ai');
    expect(lectio.fake.requests).toHaveLength(1);
  });
});

describe("the spec's payload: a suggested question's words are that suggested question", () => {
  it('a trial reader sends {message, context} with a suggested question, in any case, spacing and punctuation, and gets its expert answer', async () => {
    const { c, userId } = await reader('trial');
    expect(
      (await c.post('/api/user/preferences', { faithJourney: 'new_to_christianity', communicationStyle: 'simple' }))
        .status,
    ).toBe(200);
    const q = questionsFor('john', 3)[0]!;
    const typed = `  ${q.question.toUpperCase().replace(/[?"']/g, '')}  `;
    const r = await c.post('/api/chat', { message: typed, context: at('john', 3, 16) });
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe('suggested');
    expect(r.body.source).toBe('library');
    expect(r.body.response).toBe(composeExpertAnswer(findQuestion(q.id)!.parts, 'new_to_christianity', 'simple'));
    expect(lectio.fake.requests).toHaveLength(0);
    expect(await usageEventTypes(userId)).toEqual([]);
    // The id stays an optional extension; other words are still free text (Premium only).
    expect(
      (await c.post('/api/chat', { message: q.question, context: at('john', 3, 16), questionId: q.id })).body.kind,
    ).toBe('suggested');
    expect((await c.post('/api/chat', { message: `${q.question} And why?`, context: at('john', 3, 16) })).status).toBe(
      403,
    );
  });

  it("a Premium reader's suggested question by its words is not sent to the model and costs nothing", async () => {
    const { c, userId } = await reader('premium');
    const r = await c.post('/api/chat/stream', { message: 'who was nicodemus', context: at('john', 3, 1) });
    expect(r.status).toBe(200);
    expect(String(r.body)).toContain('"kind":"suggested"');
    expect(lectio.fake.requests).toHaveLength(0);
    expect(await usageEventTypes(userId)).toEqual([]);
  });
});

describe('our written answers first (with a model)', () => {
  it('a question close to a written one is grounded on its expert answer, and the answer says which question it matched', async () => {
    const { c } = await reader('premium');
    const r = await c.post('/api/chat', { message: 'who actually wrote this gospel?', context: at('mark', 4, 1) });
    expect(r.status).toBe(200);
    expect(r.body.source).toBe('ai');
    expect(r.body.kind).toBe('free');
    expect(r.body.matched).toEqual({ questionId: 'mark-general-author', question: 'Who wrote the Gospel of Mark?' });
    expect(r.body.response).toMatch(
      /^From Lectio's written answer to the question closest to yours: 'Who wrote the Gospel of Mark\?'\n\n/,
    );
    const system = lectio.fake.requests[0]!.body.messages![0]!.content;
    expect(system).toContain(
      "Lectio's written answer to the question closest to the reader's ('Who wrote the Gospel of Mark?')",
    );
    expect(system).toContain(composeExpertAnswer(findQuestion('mark-general-author')!.parts, null, null));
  });

  it('a question the bank does not answer goes to the model as it is', async () => {
    const { c } = await reader('premium');
    const r = await c.post('/api/chat', {
      message: "What's the Greek word for love here?",
      context: at('corinthians1', 13, 4),
    });
    expect(r.body.matched).toBeUndefined();
    expect(lectio.fake.requests[0]!.body.messages![0]!.content).not.toContain("Lectio's written answer");
  });
});
