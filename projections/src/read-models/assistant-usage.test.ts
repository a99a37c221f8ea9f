import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { projectionSpec } from '@lectio/platform/testing';
import { questionAnswered, questionAsked } from '@lectio/testing/events';
import { assistantUsageProjection } from './assistant-usage';

// assistant_usage_view, given each event type the `assistant-usage` projection handles.
const spec = projectionSpec(assistantUsageProjection);
afterAll(() => spec.close());

const period = { periodStart: '2026-11-05T00:00:00.000Z', periodEnd: '2026-12-05T00:00:00.000Z' };
const usage = `SELECT period_key, period_start, period_end, questions, tokens::int AS tokens, spent_micros::int AS spent_micros, last_threshold
  FROM assistant_usage_view WHERE user_id = $1`;
const row = {
  period_key: '20261105',
  period_start: new Date(period.periodStart),
  period_end: new Date(period.periodEnd),
  last_threshold: 0,
};
const asked = (streamId: string, id: string) => ({
  streamId,
  ...questionAsked(id, 5000, { ...period, askedAt: '2026-11-20T10:00:00.000Z' }),
});
const answered = (streamId: string, id: string, costMicros: number, totalTokens: number) => ({
  streamId,
  ...questionAnswered(id, costMicros, { totalTokens, completionTokens: 100, answeredAt: '2026-11-20T10:00:05.000Z' }),
});

describe('assistant-usage read model', () => {
  it('QuestionAsked: the period is known, nothing is spent yet (a reservation is not spending)', async () => {
    const userId = randomUUID();
    await spec
      .given(asked(streams.usage(userId, '20261105'), 'a'))
      .then(usage, [userId], [{ ...row, questions: 0, tokens: 0, spent_micros: 0 }]);
  });

  it('QuestionAnswered: each settled question adds one, its tokens and its cost', async () => {
    const userId = randomUUID();
    const stream = streams.usage(userId, '20261105');
    await spec
      .given(
        asked(stream, 'a'),
        answered(stream, 'a', 400, 1200),
        asked(stream, 'b'),
        answered(stream, 'b', 1000, 1700),
      )
      .then(usage, [userId], [{ ...row, questions: 2, tokens: 2900, spent_micros: 1400 }]);
  });

  it('BudgetThresholdReached: the highest threshold reached stays', async () => {
    const userId = randomUUID();
    const stream = streams.usage(userId, '20261105');
    const reached = (threshold: 80 | 90) => ({
      streamId: stream,
      type: 'BudgetThresholdReached' as const,
      data: { threshold, spentMicros: 5_000_000, budgetMicros: 6_000_000, reachedAt: '2026-11-20T12:00:00.000Z' },
    });
    await spec
      .given(asked(stream, 'a'), reached(90), reached(80))
      .then(usage, [userId], [{ ...row, questions: 0, tokens: 0, spent_micros: 0, last_threshold: 90 }]);
  });

  it("BudgetThresholdReached before anything was reserved (the period's first question refused): the row says 100%", async () => {
    const userId = randomUUID();
    const stream = streams.usage(userId, '20261105');
    await spec
      .given({
        streamId: stream,
        type: 'BudgetThresholdReached' as const,
        data: { threshold: 100, spentMicros: 0, budgetMicros: 6_000_000, reachedAt: '2026-11-20T12:00:00.000Z' },
      })
      .then(
        usage,
        [userId],
        [
          {
            period_key: '20261105',
            period_start: null,
            period_end: null,
            questions: 0,
            tokens: 0,
            spent_micros: 0,
            last_threshold: 100,
          },
        ],
      );
  });

  it('BudgetCredited: what was spent is less by the credit', async () => {
    const userId = randomUUID();
    const stream = streams.usage(userId, '20261105');
    await spec
      .given(asked(stream, 'a'), answered(stream, 'a', 3000, 1200), {
        streamId: stream,
        type: 'BudgetCredited' as const,
        data: { amountMicros: 2000, creditedAt: '2026-11-21T10:00:00.000Z' },
      })
      .then(usage, [userId], [{ ...row, questions: 1, tokens: 1200, spent_micros: 1000 }]);
  });
});
