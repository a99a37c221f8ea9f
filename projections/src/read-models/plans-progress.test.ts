import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { projectionSpec } from '@lectio/platform/testing';
import { plansProgressProjection } from './plans-progress';

// plans_progress_view, given each event type the `plans-progress` projection handles.
const spec = projectionSpec(plansProgressProjection);
afterAll(() => spec.close());

const progress = `SELECT plan_id, completed_days FROM plans_progress_view WHERE user_id = $1`;
const startedAt = '2026-11-20T06:30:00.000Z';
const started = (userId: string, planId: string) => ({
  streamId: streams.plans(userId),
  type: 'PlanStarted' as const,
  data: { planId, startedAt },
});
const completed = (userId: string, planId: string, day: number) => ({
  streamId: streams.plans(userId),
  type: 'PlanDayCompleted' as const,
  data: { planId, day, completedAt: startedAt },
});

describe('plans-progress read model', () => {
  it('PlanStarted: the plan with no day read yet', async () => {
    const userId = randomUUID();
    await spec
      .given(started(userId, 'gospels-30'))
      .then(progress, [userId], [{ plan_id: 'gospels-30', completed_days: [] }]);
  });

  it('PlanDayCompleted: each day read once, in the order read', async () => {
    const userId = randomUUID();
    await spec
      .given(
        started(userId, 'gospels-30'),
        completed(userId, 'gospels-30', 2),
        completed(userId, 'gospels-30', 1),
        completed(userId, 'gospels-30', 2),
      )
      .then(progress, [userId], [{ plan_id: 'gospels-30', completed_days: [2, 1] }]);
  });

  it('starting another plan replaces the one followed; a day of the old plan is not counted', async () => {
    const userId = randomUUID();
    await spec
      .given(
        started(userId, 'gospels-30'),
        completed(userId, 'gospels-30', 1),
        started(userId, 'new-testament-90'),
        completed(userId, 'gospels-30', 2),
      )
      .then(progress, [userId], [{ plan_id: 'new-testament-90', completed_days: [] }]);
  });

  it('one reader’s progress is not another’s', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await spec
      .given(started(a, 'chapter-a-day'), started(b, 'gospels-30'), completed(a, 'chapter-a-day', 1))
      .then(progress, [b], [{ plan_id: 'gospels-30', completed_days: [] }]);
  });
});
