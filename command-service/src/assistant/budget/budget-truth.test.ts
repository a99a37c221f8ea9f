import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantMessages } from '@lectio/contracts/assistant';
import { MIN_POSITION_HEADER, MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import { startTestLectio, unique } from '../../../test/test-lectio';
import { type TokenCounter, tokenCounterFor } from '../ai/token-count';
import { useAssistantLectio } from '../../../test/assistant-lectio';

// Budget truth over real HTTP: a whole Lectio on PGlite whose model is the local fake
// OpenAI-compatible server. What the chat says about the budget (a refusal, a shortened answer)
// and what GET /api/user/usage says must agree. Prices are high so one question is a visible sum.
const PRICES = { inputPerMTok: 10, outputPerMTok: 30 };
const lectio = useAssistantLectio({ prices: PRICES, env: { AI_MODEL: 'gpt-4o-mini' } });
const { read, usageEvents, spend } = lectio;
const premiumReader = () => lectio.reader('premium');
let countTokens: TokenCounter;
beforeAll(async () => {
  countTokens = await tokenCounterFor('gpt-4o-mini')();
});

const question = {
  message: 'What does this verse say about God?',
  context: { book: 'john', chapter: 3, verse: 16, verseText: 'For God so loved the world...' },
};

async function promptEstimate(): Promise<number> {
  const { c, userId } = await premiumReader();
  expect((await c.post('/api/chat', question)).status).toBe(200);
  const asked = (await usageEvents(userId)).find((e) => e.type === 'QuestionAsked');
  return Number(asked?.data.promptTokensEstimate);
}

/** The events of a server-sent stream, each with its JSON data. */
function parseStream(text: string) {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1],
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
    }));
}

describe('budget truth', () => {
  it("the prompt is counted with the model's tokenizer: the hold is the prompt the model got, not its bytes", async () => {
    const { c, userId } = await premiumReader();
    expect((await c.post('/api/chat', question)).status).toBe(200);
    const sent = lectio.fake.requests[0]!.body.messages!;
    const tokenized = sent.reduce((n, m) => n + countTokens(m.content) + 8, 16);
    const bytes = sent.reduce((n, m) => n + Buffer.byteLength(m.content, 'utf8'), 0);
    const asked = (await usageEvents(userId)).find((e) => e.type === 'QuestionAsked');
    expect(asked?.data.promptTokensEstimate).toBe(tokenized);
    // One token per byte was about four times too much for English.
    expect(tokenized).toBeLessThan(bytes / 3);
    expect(asked?.data.reservedMicros).toBe(
      Math.ceil(tokenized * PRICES.inputPerMTok) + Math.ceil(800 * PRICES.outputPerMTok),
    );
  });

  it('a refusal says how much is left, and GET /api/user/usage says the same (spent, remaining, limit reached)', async () => {
    const { c, userId } = await premiumReader();
    // $0.01 left: less than the prompt alone costs at these prices.
    const { periodEnd } = await spend(userId, MONTHLY_BUDGET_MICROS - 10_000);
    const r = await c.post('/api/chat', question);
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(assistantMessages.limitReached(periodEnd, 10_000));
    expect(r.body.message).toMatch(
      /^Monthly limit reached\. \$0\.01 of \$6\.00 left: not enough for another answer\. /,
    );
    expect(lectio.fake.requests).toHaveLength(0);
    // The stream refuses the same way, before it starts; asking again records nothing more (the 100% mark once).
    const s = await c.post('/api/chat/stream', question);
    expect(s.status).toBe(429);
    expect(s.body.message).toBe(r.body.message);
    const thresholds = (await usageEvents(userId))
      .filter((e) => e.type === 'BudgetThresholdReached')
      .map((e) => e.data.threshold);
    expect(thresholds).toEqual([80, 90, 100]);
    await expect
      .poll(async () => (await read(c, '/api/user/usage')).body, { timeout: 5000 })
      .toMatchObject({
        totalCost: 5.99,
        remainingBudget: 0.01,
        monthlyBudget: 6,
        limitReached: true,
        budgetPercent: 100,
      });
  });

  it('an answer stopped at a cap the budget made smaller says it was shortened; one that ended on its own does not', async () => {
    const prompt = await promptEstimate();
    lectio.fake.reset();
    // Left: the prompt and 100 tokens of answer, so the cap is 100 instead of 800.
    const left = Math.ceil(prompt * PRICES.inputPerMTok) + 100 * PRICES.outputPerMTok;
    const note = assistantMessages.answerShortened(left);
    expect(note).toMatch(
      /^\(This answer was shortened: only \$0\.\d\d of this period's \$6\.00 AI budget was left for it\.\)$/,
    );

    const long = await premiumReader();
    await spend(long.userId, MONTHLY_BUDGET_MICROS - left);
    lectio.fake.script({ kind: 'answer', text: 'Grace upon grace, '.repeat(150) });
    const streamed = await long.c.post('/api/chat/stream', question);
    expect(streamed.status).toBe(200);
    expect(lectio.fake.requests[0]!.body.max_tokens).toBe(100);
    const events = parseStream(typeof streamed.body === 'string' ? streamed.body : JSON.stringify(streamed.body));
    const done = events.find((e) => e.event === 'done');
    expect(done?.data.response.endsWith(`\n\n${note}`)).toBe(true);
    // The reader sees it as it streams, and the history keeps it.
    const deltas = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(deltas.endsWith(note)).toBe(true);
    const history = await long.c.get('/api/chat/history?book=john&chapter=3', {
      [MIN_POSITION_HEADER]: done?.data.position,
    });
    expect(history.body.messages.at(-1).content).toContain(note);

    const short = await premiumReader();
    await spend(short.userId, MONTHLY_BUDGET_MICROS - left);
    const whole = await short.c.post('/api/chat', question);
    expect(whole.status).toBe(200);
    expect(whole.body.response).not.toContain('This answer was shortened');
  });
});

describe("budget truth when a period's very first question does not fit", () => {
  // Prompts priced so that one costs more than the whole budget: nothing is ever spent or held.
  let dear: Awaited<ReturnType<typeof startTestLectio>>;
  beforeAll(async () => {
    dear = await startTestLectio({
      commands: { assistant: { warmUp: true } },
      env: {
        OPENAI_BASE_URL: lectio.fake.baseURL,
        OPENAI_API_KEY: 'sk-fake',
        AI_MODEL: 'gpt-4o-mini',
        AI_PRICE_INPUT_PER_MTOK: '10000',
        AI_PRICE_OUTPUT_PER_MTOK: '30',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await dear?.close();
  });

  it('the refusal says $6.00 of $6.00 is left, and GET /api/user/usage says the limit is reached (not "$0 spent, limitReached: false")', async () => {
    const c = dear.client('127.0.10.1');
    const name = unique('dear');
    expect((await c.register(name, `${name}@example.com`)).status).toBe(201);
    expect((await c.post('/api/activate-subscription')).status).toBe(200);
    const r = await c.post('/api/chat', question);
    expect(r.status).toBe(429);
    expect(r.body.message).toMatch(
      /^Monthly limit reached\. \$6\.00 of \$6\.00 left: not enough for another answer\. /,
    );
    expect(lectio.fake.requests).toHaveLength(0);
    await expect
      .poll(
        async () => (await c.get('/api/user/usage', c.position ? { [MIN_POSITION_HEADER]: c.position } : {})).body,
        { timeout: 5000 },
      )
      .toMatchObject({ totalCost: 0, remainingBudget: 6, limitReached: true, budgetPercent: 100 });
  });
});
