import { streams } from '@lectio/contracts/events';
import type { PlanEvent } from '@lectio/contracts/plans';
import type { Migration, Queryable } from '@lectio/platform';
import { postgreSQLProjection } from '@lectio/platform/projections';

export const plansProgressMigrations: Migration[] = [
  {
    id: '060_plans_progress_view',
    sql: `
CREATE TABLE IF NOT EXISTS plans_progress_view (
  user_id UUID PRIMARY KEY,
  plan_id TEXT NOT NULL,
  completed_days JSONB NOT NULL,
  started_at TIMESTAMPTZ NOT NULL
);`,
  },
];

/** Read model `plans-progress` (plans_progress_view): the plan each reader follows and the days they have read. */
export const plansProgressProjection = postgreSQLProjection<PlanEvent>({
  name: 'plans-progress',
  migrations: plansProgressMigrations,
  tables: ['plans_progress_view'],
  canHandle: ['PlanStarted', 'PlanDayCompleted'],
  async handle(tx, event) {
    const userId = streams.plans.userIdOf(event.streamId);
    if (!userId) return;
    if (event.type === 'PlanStarted') {
      await tx.query(
        `INSERT INTO plans_progress_view (user_id, plan_id, completed_days, started_at) VALUES ($1, $2, '[]'::jsonb, $3)
         ON CONFLICT (user_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, completed_days = '[]'::jsonb, started_at = EXCLUDED.started_at`,
        [userId, event.data.planId, event.data.startedAt],
      );
      return;
    }
    // Only a day of the plan followed, and each day once.
    await tx.query(
      `UPDATE plans_progress_view SET completed_days = completed_days || to_jsonb($3::int)
       WHERE user_id = $1 AND plan_id = $2 AND NOT completed_days @> to_jsonb($3::int)`,
      [userId, event.data.planId, event.data.day],
    );
  },
});

interface ProgressRow {
  plan_id: string;
  // jsonb: parsed by PGlite and pg, text from an older driver.
  completed_days: number[] | string;
}

/** The plan a reader follows and the days read, in order; null when they have started none. */
export async function readPlanProgress(
  q: Queryable,
  userId: string,
): Promise<{ planId: string; completedDays: number[] } | null> {
  const r = await q.query<ProgressRow>('SELECT plan_id, completed_days FROM plans_progress_view WHERE user_id = $1', [
    userId,
  ]);
  const row = r.rows[0];
  if (!row) return null;
  const days: number[] = typeof row.completed_days === 'string' ? JSON.parse(row.completed_days) : row.completed_days;
  return { planId: row.plan_id, completedDays: [...days].sort((a, b) => a - b) };
}
