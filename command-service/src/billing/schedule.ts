import { SUBSCRIPTION_EVENT_TYPES, type SubscriptionEvent } from '@lectio/contracts/billing';
import { streams } from '@lectio/contracts/events';
import type { Runtime } from '@lectio/platform';
import {
  advanceCheckpoint,
  CheckpointMovedError,
  postgreSQLProjection,
  projectEvents,
  readCheckpoint,
} from '@lectio/platform/projections';
import {
  initialSubscriptionState,
  nextDueAt,
  type StoredSubscriptionState,
  storedSubscriptionState,
  subscriptionDecider,
} from './subscription-decider';

/**
 * The billing policy's schedule (table billing_schedule, owned here): per subscription, its
 * folded state and when work is next due. It only says where to look; every decision is made
 * again on the stream itself. Kept up to date from the global stream with a checkpoint written in
 * the same transaction as its rows, like a projection.
 */
export const SCHEDULE_NAME = 'billing-schedule';

export const billingScheduleProjection = postgreSQLProjection<SubscriptionEvent>({
  name: SCHEDULE_NAME,
  tables: ['billing_schedule'],
  migrations: [],
  canHandle: SUBSCRIPTION_EVENT_TYPES,
  async handle(tx, event) {
    const userId = streams.subscription.userIdOf(event.streamId);
    if (!userId) return;
    const r = await tx.query<{ state: StoredSubscriptionState }>(
      'SELECT state FROM billing_schedule WHERE user_id = $1',
      [userId],
    );
    const stored = r.rows[0]?.state;
    const state = subscriptionDecider.evolve(
      stored ? storedSubscriptionState.read(stored) : initialSubscriptionState(),
      event,
    );
    await tx.query(
      `INSERT INTO billing_schedule (user_id, state, next_due_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state, next_due_at = EXCLUDED.next_due_at`,
      [userId, JSON.stringify(storedSubscriptionState.of(state)), nextDueAt(state)],
    );
  },
});

/** Applies every event written since the schedule's checkpoint. */
export async function catchUpSchedule(rt: Pick<Runtime, 'db' | 'store'>): Promise<void> {
  for (;;) {
    const from = await readCheckpoint(rt.db, SCHEDULE_NAME);
    const events = await rt.store.readAll({ after: from, maxCount: 500 });
    if (events.length === 0) return;
    try {
      await rt.db.transaction(async (tx) => {
        await projectEvents(tx, billingScheduleProjection, events);
        await advanceCheckpoint(tx, SCHEDULE_NAME, from, events[events.length - 1]!.position);
      });
    } catch (err) {
      if (!(err instanceof CheckpointMovedError)) throw err; // another process moved it: read again
    }
  }
}

/** Users with billing work due at `now` (after catching the schedule up). */
export async function dueUsers(rt: Pick<Runtime, 'db' | 'store'>, now: Date): Promise<string[]> {
  await catchUpSchedule(rt);
  const r = await rt.db.query<{ user_id: string }>(
    'SELECT user_id FROM billing_schedule WHERE next_due_at <= $1 ORDER BY next_due_at LIMIT 1000',
    [now],
  );
  return r.rows.map((x) => x.user_id);
}
