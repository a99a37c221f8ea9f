import { type UsageEvent, usagePeriodKey } from '@lectio/contracts/assistant';
import { streams } from '@lectio/contracts/events';
import type { Migration, Queryable } from '@lectio/platform';
import { postgreSQLProjection } from '@lectio/platform/projections';

export const assistantUsageMigrations: Migration[] = [
  {
    // Until the split by owner this was part of 030_assistant_read_models; IF NOT EXISTS makes it a no-op there.
    id: '030_assistant_usage_view',
    sql: `
CREATE TABLE IF NOT EXISTS assistant_usage_view (
  user_id UUID NOT NULL,
  period_key TEXT NOT NULL,
  period_start TIMESTAMPTZ,
  period_end TIMESTAMPTZ,
  questions INT NOT NULL DEFAULT 0,
  tokens BIGINT NOT NULL DEFAULT 0,
  spent_micros BIGINT NOT NULL DEFAULT 0,
  last_threshold INT NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, period_key)
);`,
  },
];

/**
 * Read model `assistant-usage` (assistant_usage_view): one row per reader and budget period, the
 * real figures GET /api/user/usage answers (questions answered, tokens, money spent, last
 * threshold). Reservations are the command side's business; only settled money is shown.
 */
export const assistantUsageProjection = postgreSQLProjection<Exclude<UsageEvent, { type: 'QuestionReleased' }>>({
  name: 'assistant-usage',
  migrations: assistantUsageMigrations,
  tables: ['assistant_usage_view'],
  // A released reservation cost nothing and was never answered: it changes no row.
  canHandle: ['QuestionAsked', 'QuestionAnswered', 'BudgetThresholdReached', 'BudgetCredited'],
  async handle(tx, event) {
    const stream = streams.usage.partsOf(event.streamId);
    if (!stream) return;
    switch (event.type) {
      case 'QuestionAsked': {
        const d = event.data;
        await tx.query(
          `INSERT INTO assistant_usage_view (user_id, period_key, period_start, period_end) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, period_key) DO UPDATE SET period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end`,
          [stream.userId, stream.periodKey, d.periodStart, d.periodEnd],
        );
        return;
      }
      case 'QuestionAnswered': {
        const d = event.data;
        await tx.query(
          `INSERT INTO assistant_usage_view (user_id, period_key, questions, tokens, spent_micros) VALUES ($1, $2, 1, $3, $4)
           ON CONFLICT (user_id, period_key) DO UPDATE SET
             questions = assistant_usage_view.questions + 1,
             tokens = assistant_usage_view.tokens + EXCLUDED.tokens,
             spent_micros = assistant_usage_view.spent_micros + EXCLUDED.spent_micros`,
          [stream.userId, stream.periodKey, d.totalTokens, d.costMicros],
        );
        return;
      }
      case 'BudgetCredited': {
        // Support gave back part of the period's spending: what the reader has spent is less by that.
        await tx.query(
          'UPDATE assistant_usage_view SET spent_micros = spent_micros - $3 WHERE user_id = $1 AND period_key = $2',
          [stream.userId, stream.periodKey, event.data.amountMicros],
        );
        return;
      }
      case 'BudgetThresholdReached': {
        const d = event.data;
        // The row may not exist yet: a period's very first question can be refused (its worst case did not fit), and the
        // usage figures must then say the limit is reached as the chat did.
        await tx.query(
          `INSERT INTO assistant_usage_view (user_id, period_key, last_threshold) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, period_key) DO UPDATE SET last_threshold = GREATEST(assistant_usage_view.last_threshold, EXCLUDED.last_threshold)`,
          [stream.userId, stream.periodKey, d.threshold],
        );
        return;
      }
    }
  },
});

export interface UsageRow {
  period_start: Date | string | null;
  period_end: Date | string | null;
  questions: number;
  tokens: string | number;
  spent_micros: string | number;
  last_threshold: number;
}

/** The reader's row for one budget period (its start, `billingPeriodOf(...).start`), if they asked anything in it. */
export async function readUsage(q: Queryable, userId: string, periodStart: string): Promise<UsageRow | undefined> {
  const r = await q.query<UsageRow>(
    `SELECT period_start, period_end, questions, tokens::text AS tokens, spent_micros::text AS spent_micros, last_threshold
     FROM assistant_usage_view WHERE user_id = $1 AND period_key = $2`,
    [userId, usagePeriodKey(periodStart)],
  );
  return r.rows[0];
}

/** The period keys (YYYYMMDD) of every usage stream of a reader, oldest first (support's history). */
export async function readUsagePeriodKeys(q: Queryable, userId: string): Promise<string[]> {
  const r = await q.query<{ period_key: string }>(
    'SELECT period_key FROM assistant_usage_view WHERE user_id = $1 ORDER BY period_key',
    [userId],
  );
  return r.rows.map((row) => row.period_key);
}
