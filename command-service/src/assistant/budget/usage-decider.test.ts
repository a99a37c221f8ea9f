import { describe, expect, it } from 'vitest';
import { assistantMessages, type UsageEvent } from '@lectio/contracts/assistant';
import { MONTHLY_BUDGET_MICROS } from '@lectio/contracts/constants';
import { questionAnswered, questionAsked } from '@lectio/testing/events';
import { spec } from '@lectio/platform/testing';
import { type UsageCommand, usageDecider } from './usage-decider';

const at = new Date('2026-11-20T10:00:00Z');
const prices = { inputPerMTok: 0.15, outputPerMTok: 0.6 };
const period = { periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' };

const reserve = (
  questionId: string,
  extra: Partial<Extract<UsageCommand, { type: 'Reserve' }>> = {},
): UsageCommand => ({
  type: 'Reserve',
  questionId,
  book: 'john',
  chapter: 3,
  verse: 16,
  ...period,
  promptTokensEstimate: 2000,
  maxOutputTokens: 800,
  minOutputTokens: 100,
  prices,
  budgetMicros: MONTHLY_BUDGET_MICROS,
  at,
  ...extra,
});

const asked = (
  questionId: string,
  reservedMicros: number,
  promptTokensEstimate = 2000,
  maxOutputTokens = 800,
): UsageEvent =>
  questionAsked(questionId, reservedMicros, {
    ...period,
    promptTokensEstimate,
    maxOutputTokens,
    askedAt: at.toISOString(),
  });
const answered = (questionId: string, costMicros: number, totalTokens = 100): UsageEvent =>
  questionAnswered(questionId, costMicros, { totalTokens, completionTokens: 10, answeredAt: at.toISOString() });
/** Spent `micros` so far, as one settled question. */
const spent = (micros: number): UsageEvent[] => [asked('earlier', micros), answered('earlier', micros)];

describe('usage decider: reserve', () => {
  it('reserves the worst case: prompt estimate plus the output cap at the configured prices', () => {
    // 2000 x 0.15 = 300 micro-dollars; 800 x 0.6 = 480.
    spec(usageDecider)
      .given([])
      .when(reserve('q1'))
      .then([asked('q1', 780)]);
  });

  it('the output cap follows from what is left of the budget', () => {
    // Left: 6_000_000 - 5_999_500 = 500; prompt 300; 200 / 0.6 = 333 tokens of output.
    spec(usageDecider)
      .given(spent(5_999_500))
      .when(reserve('q1'))
      .then([asked('q1', 300 + Math.ceil(333 * 0.6), 2000, 333)]);
  });

  it('at or over the budget: Monthly limit reached, with the reset date', () => {
    spec(usageDecider)
      .given(spent(MONTHLY_BUDGET_MICROS))
      .when(reserve('q1'))
      .thenThrows(/^Monthly limit reached\. .*December 1, 2026/);
    spec(usageDecider)
      .given(spent(MONTHLY_BUDGET_MICROS + 5))
      .when(reserve('q1'))
      .thenThrows(assistantMessages.limitReached(period.periodEnd, 0));
  });

  it('refused when what is left cannot pay for the smallest useful answer', () => {
    // Left 350: prompt 300, 50 micro-dollars = 83 tokens < 100.
    spec(usageDecider)
      .given(spent(MONTHLY_BUDGET_MICROS - 350))
      .when(reserve('q1'))
      .thenThrows(/Monthly limit reached/);
  });

  it('the refusal says how much is left, to the cent, and when the budget renews', () => {
    // Left 20_000 ($0.02): prompt 300 (2000 tokens at 0.15), and 100 tokens of output at $0.60/MTok would fit,
    // so the prompt is made large enough not to: 200_000 tokens = 30_000 micro-dollars.
    spec(usageDecider)
      .given(spent(MONTHLY_BUDGET_MICROS - 20_000))
      .when(reserve('q1', { promptTokensEstimate: 200_000 }))
      .thenThrows(
        'Monthly limit reached. $0.02 of $6.00 left: not enough for another answer. Your AI budget renews on December 1, 2026. Suggested questions are still available.',
      );
  });

  it('refused only because another answer holds the money: a short refusal saying so, not the monthly limit', () => {
    // Left 1000 unspent: the worst case of q2 (780) fits in it, but not beside q1's hold (780).
    spec(usageDecider)
      .given([...spent(MONTHLY_BUDGET_MICROS - 1000), asked('q1', 780)])
      .when(reserve('q2'))
      .thenThrows(
        '$0.00 of $6.00 left, and the answer still being written holds part of it: not enough for another answer until it is done. Please try again in a moment.',
      );
  });

  it('open reservations count: a second question cannot be held on money the first one holds', () => {
    const left = 1000;
    spec(usageDecider)
      .given([...spent(MONTHLY_BUDGET_MICROS - left), asked('q1', 780)])
      .when(reserve('q2'))
      .thenThrows(/the answer still being written holds part of it/);
  });

  it('a repeated reservation for the same question holds nothing more', () => {
    spec(usageDecider)
      .given([asked('q1', 780)])
      .when(reserve('q1'))
      .thenNothing();
  });
});

describe('usage decider: settle and release', () => {
  it('settles to the reported usage', () => {
    spec(usageDecider)
      .given([asked('q1', 780)])
      .when({
        type: 'Settle',
        questionId: 'q1',
        usage: { promptTokens: 1200, completionTokens: 250, totalTokens: 1450 },
        completed: true,
        prices,
        at,
      })
      .then([
        {
          type: 'QuestionAnswered',
          data: {
            questionId: 'q1',
            promptTokens: 1200,
            completionTokens: 250,
            totalTokens: 1450,
            costMicros: 180 + 150,
            usageReported: true,
            completed: true,
            answeredAt: at.toISOString(),
          },
        },
      ]);
  });

  it('when usage never arrives, the reservation is charged, never zero', () => {
    spec(usageDecider)
      .given([asked('q1', 780)])
      .when({ type: 'Settle', questionId: 'q1', usage: null, completed: true, prices, at })
      .then([
        {
          type: 'QuestionAnswered',
          data: {
            questionId: 'q1',
            promptTokens: 2000,
            completionTokens: 800,
            totalTokens: 2800,
            costMicros: 780,
            usageReported: false,
            completed: true,
            answeredAt: at.toISOString(),
          },
        },
      ]);
  });

  it('a question that failed before anything was produced is released: it costs nothing', () => {
    spec(usageDecider)
      .given([asked('q1', 780)])
      .when({ type: 'Release', questionId: 'q1', reason: 'provider_error', at })
      .then([
        {
          type: 'QuestionReleased',
          data: { questionId: 'q1', reason: 'provider_error', releasedAt: at.toISOString() },
        },
      ]);
    const state = [
      asked('q1', 780),
      {
        type: 'QuestionReleased',
        data: { questionId: 'q1', reason: 'provider_error', releasedAt: at.toISOString() },
      } as UsageEvent,
    ].reduce(usageDecider.evolve, usageDecider.initialState());
    expect(state.spentMicros).toBe(0);
    expect(state.heldMicros).toBe(0);
    expect(state.questions).toBe(0);
  });

  it('settling twice (a retry) charges once; settling an unknown question is refused', () => {
    spec(usageDecider)
      .given([asked('q1', 780), answered('q1', 500)])
      .when({ type: 'Settle', questionId: 'q1', usage: null, completed: true, prices, at })
      .thenNothing();
    spec(usageDecider)
      .given([])
      .when({ type: 'Settle', questionId: 'nope', usage: null, completed: true, prices, at })
      .thenThrows(/No open reservation/);
  });

  it('an answer that broke off without usage is charged for what it produced (its prompt and the text received), not the reservation', () => {
    spec(usageDecider)
      .given([asked('q1', 780)])
      .when({
        type: 'Settle',
        questionId: 'q1',
        usage: null,
        produced: { promptTokens: 2000, completionTokens: 40, totalTokens: 2040 },
        completed: false,
        prices,
        at,
      })
      .then([
        {
          type: 'QuestionAnswered',
          data: {
            questionId: 'q1',
            promptTokens: 2000,
            completionTokens: 40,
            totalTokens: 2040,
            costMicros: 300 + 24,
            usageReported: false,
            completed: false,
            answeredAt: at.toISOString(),
          },
        },
      ]);
  });

  it('never charges more than the reservation, whatever the provider reports: its claim and the overshoot are kept for support', () => {
    // A server that ignored max_tokens and claims 1M tokens each way: $0.75 at these prices, against 780 micro-dollars held.
    spec(usageDecider)
      .given([asked('q1', 780)])
      .when({
        type: 'Settle',
        questionId: 'q1',
        usage: { promptTokens: 1_000_000, completionTokens: 1_000_000, totalTokens: 2_000_000 },
        completed: true,
        prices,
        at,
      })
      .then([
        {
          type: 'QuestionAnswered',
          data: {
            questionId: 'q1',
            promptTokens: 1_000_000,
            completionTokens: 1_000_000,
            totalTokens: 2_000_000,
            costMicros: 780,
            claimedCostMicros: 750_000,
            overshootMicros: 750_000 - 780,
            usageReported: true,
            completed: true,
            answeredAt: at.toISOString(),
          },
        },
      ]);
  });

  it('settled money is spent; the hold is gone', () => {
    const state = [asked('q1', 780), answered('q1', 500, 1400)].reduce(
      usageDecider.evolve,
      usageDecider.initialState(),
    );
    expect(state).toMatchObject({ spentMicros: 500, heldMicros: 0, questions: 1, tokens: 1400 });
  });
});

describe('usage decider: thresholds', () => {
  const record: UsageCommand = {
    type: 'RecordThresholds',
    budgetMicros: MONTHLY_BUDGET_MICROS,
    smallestQuestionMicros: 100,
    at,
  };
  const reached = (threshold: 80 | 90 | 100, spentMicros: number): UsageEvent => ({
    type: 'BudgetThresholdReached',
    data: { threshold, spentMicros, budgetMicros: MONTHLY_BUDGET_MICROS, reachedAt: at.toISOString() },
  });

  it('nothing below 80%', () => spec(usageDecider).given(spent(4_799_999)).when(record).thenNothing());
  it('80% once', () => {
    spec(usageDecider)
      .given(spent(4_800_000))
      .when(record)
      .then([reached(80, 4_800_000)]);
    spec(usageDecider)
      .given([...spent(4_800_000), reached(80, 4_800_000)])
      .when(record)
      .thenNothing();
  });
  it('a jump past 90 and 100 records every threshold crossed, each once', () => {
    spec(usageDecider)
      .given([...spent(6_000_000), reached(80, 4_900_000)])
      .when(record)
      .then([reached(90, 6_000_000), reached(100, 6_000_000)]);
  });

  it('thresholds are recorded in order: 100% reached while 80 and 90 are not yet recorded records 80, 90, then 100', () => {
    // A question refused for the budget at 50% spent (nothing held): the budget is used up as far as questions go.
    spec(usageDecider)
      .given(spent(3_000_000))
      .when({ ...record, exhausted: true })
      .then([reached(80, 3_000_000), reached(90, 3_000_000), reached(100, 3_000_000)]);
    // Once 100% is recorded, later spending past 80 and 90 records nothing out of order.
    spec(usageDecider)
      .given([...spent(3_000_000), reached(100, 3_000_000), asked('later', 2_900_000), answered('later', 2_900_000)])
      .when(record)
      .thenNothing();
  });

  it('a refusal while money is held records nothing: the held answer may fail (or its process die) and give the money back', () => {
    spec(usageDecider)
      .given([...spent(3_000_000), asked('held', 2_999_000)])
      .when({ ...record, exhausted: true })
      .thenNothing();
  });

  it('100% when what is left cannot pay for the cheapest question, or a question was refused for the budget', () => {
    spec(usageDecider)
      .given([...spent(5_999_950), reached(80, 4_900_000), reached(90, 5_500_000)])
      .when(record)
      .then([reached(100, 5_999_950)]);
    spec(usageDecider)
      .given([...spent(5_990_000), reached(80, 4_900_000), reached(90, 5_500_000)])
      .when({ ...record, exhausted: true } as UsageCommand)
      .then([reached(100, 5_990_000)]);
  });
});

describe('usage decider: support credits', () => {
  const credit = (amountMicros: number): UsageCommand => ({
    type: 'CreditBudget',
    amountMicros,
    maxCreditMicros: 6_000_000,
    at,
  });
  it('gives back part of what the period spent, so the reader may spend it again', () => {
    spec(usageDecider)
      .given(spent(2_000_000))
      .when(credit(1_500_000))
      .then([{ type: 'BudgetCredited', data: { amountMicros: 1_500_000, creditedAt: at.toISOString() } }]);
    const state = [
      ...spent(2_000_000),
      { type: 'BudgetCredited', data: { amountMicros: 1_500_000, creditedAt: at.toISOString() } } satisfies UsageEvent,
    ].reduce(usageDecider.evolve, usageDecider.initialState());
    expect(state).toMatchObject({ spentMicros: 500_000, creditedMicros: 1_500_000 });
  });

  it('never more than was spent, nor more than the period allows in all', () => {
    spec(usageDecider)
      .given(spent(1_000_000))
      .when(credit(1_000_001))
      .thenThrows("A credit cannot be more than this period's spending ($1.00)");
    const credited: UsageEvent = {
      type: 'BudgetCredited',
      data: { amountMicros: 5_000_000, creditedAt: at.toISOString() },
    };
    spec(usageDecider)
      .given([
        ...spent(6_000_000),
        credited,
        ...spent(3_000_000).map((e) => ({ ...e, data: { ...e.data, questionId: 'later' } }) as UsageEvent),
      ])
      .when(credit(2_000_000))
      .thenThrows('At most $1.00 more can be credited in this period');
  });
});
