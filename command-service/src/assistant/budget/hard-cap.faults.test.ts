import { describe, expect, it } from 'vitest';
import { MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import { useAssistantLectio } from '../../../test/assistant-lectio';

// The $6.00 cap against a model server that lies: it ignores max_tokens and claims a million
// tokens each way. Prices are set so that one worst case is about half the budget.
const PRICES = { inputPerMTok: 1000, outputPerMTok: 3000 };
const LONG_ANSWER = 'In the beginning was the Word, and the Word was with God (John 1:1). '.repeat(40);
const lectio = useAssistantLectio({ prices: PRICES });
const { read, usageEvents, spend } = lectio;
const premiumReader = () => lectio.reader('premium');
const context = { book: 'john', chapter: 3, verse: 16, verseText: 'For God so loved the world...' };
const free = (message: string) => ({ message, context });

describe('the $6.00 cap is hard, whatever the model server reports', () => {
  it('a server that ignores max_tokens and over-reports usage: questions until the limit, and total spent stays <= $6.00', async () => {
    const { c, userId } = await premiumReader();
    lectio.fake.setDefault({
      kind: 'answer',
      text: LONG_ANSWER,
      ignoreMaxTokens: true,
      promptTokens: 1_000_000,
      completionTokens: 1_000_000,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 6 && statuses.at(-1) !== 429; i++)
      statuses.push((await c.post('/api/chat', free(`What does verse ${i + 1} add?`))).status);
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);

    const events = await usageEvents(userId);
    const asked = new Map(
      events.filter((e) => e.type === 'QuestionAsked').map((e) => [e.data.questionId, e.data.reservedMicros as number]),
    );
    const answered = events.filter((e) => e.type === 'QuestionAnswered');
    const spent = answered.reduce((n, e) => n + (e.data.costMicros as number), 0);
    expect(spent).toBeLessThanOrEqual(MONTHLY_BUDGET_MICROS);
    for (const e of answered) {
      // Charged the reservation at most; the provider's claim ($4,000 a question at these prices) and the overshoot are kept for support.
      expect(e.data.costMicros).toBeLessThanOrEqual(asked.get(e.data.questionId)!);
      expect(e.data.completionTokens).toBe(1_000_000);
      expect(e.data.claimedCostMicros).toBe(4_000_000_000);
      expect(e.data.overshootMicros).toBe(4_000_000_000 - (e.data.costMicros as number));
    }
    const u = await read(c, '/api/user/usage');
    expect(u.body.totalCost).toBeLessThanOrEqual(6);
    expect(u.body.remainingBudget).toBeGreaterThanOrEqual(0);
    expect(u.body.limitReached).toBe(true);
  });

  it('budget thresholds are recorded in order (80, 90, 100) even when the limit is reached while an answer is still running', async () => {
    const { c, userId } = await premiumReader();
    await spend(userId, 3_000_000);
    // The first answer holds the rest of the budget while it streams; the second question is refused (100% reached at 50% spent).
    lectio.fake.setDefault({
      kind: 'answer',
      text: LONG_ANSWER,
      chunkDelayMs: 5,
      ignoreMaxTokens: true,
      completionTokens: 1_000_000,
    });
    const slow = c.post('/api/chat', free('What is the world here?'));
    await expect.poll(() => lectio.fake.requests.length, { timeout: 30_000 }).toBe(1);
    expect((await c.post('/api/chat', free('And who is the Son?'))).status).toBe(429);
    expect((await slow).status).toBe(200);
    // The threshold policy runs after the settlement, asynchronously.
    await expect
      .poll(async () => (await usageEvents(userId)).filter((e) => e.type === 'QuestionAnswered').length, {
        timeout: 30_000,
      })
      .toBe(2);
    await new Promise((r) => setTimeout(r, 1500));
    const thresholds = (await usageEvents(userId))
      .filter((e) => e.type === 'BudgetThresholdReached')
      .map((e) => e.data.threshold);
    expect(thresholds).toEqual([80, 90, 100]);
  });
});
