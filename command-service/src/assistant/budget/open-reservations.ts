import type { TokenUsage } from '../ai/port';
import type { Migration, Queryable, Runtime } from '@lectio/platform';
import { sleep } from '@lectio/platform';
import { UnknownReservation } from '../errors';
import type { Prices } from './usage-decider';
import type { UsageStream } from './usage-stream';

export const reservationMigrations: Migration[] = [
  {
    id: '035_assistant_open_reservations',
    sql: `
CREATE TABLE IF NOT EXISTS assistant_open_reservations (
  question_id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  period_start TEXT NOT NULL,
  reserved_at TIMESTAMPTZ NOT NULL,
  outcome JSONB
);
CREATE INDEX IF NOT EXISTS assistant_open_reservations_at ON assistant_open_reservations (reserved_at);`,
  },
];

/** How a question ended, kept when it could not be recorded on the usage stream (the sweeper records it later). */
export type ReservationOutcome =
  | { type: 'Settle'; usage: TokenUsage | null; produced?: TokenUsage; completed: boolean }
  | { type: 'Release'; reason: 'provider_error' | 'timeout' };

interface Row {
  question_id: string;
  user_id: string;
  period_start: string;
  outcome: ReservationOutcome | null;
}

/**
 * The questions whose money is held and not yet settled or released, written before the
 * reservation is appended and removed once it is closed: what a process that died mid-answer
 * leaves behind. The usage stream stays the truth; a row only says where to look.
 */
export function openReservations(db: Queryable) {
  return {
    async opened(questionId: string, userId: string, periodStart: string) {
      await db.query(
        'INSERT INTO assistant_open_reservations (question_id, user_id, period_start, reserved_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [questionId, userId, periodStart, new Date()],
      );
    },
    async closed(questionId: string) {
      await db.query('DELETE FROM assistant_open_reservations WHERE question_id = $1', [questionId]);
    },
    async unrecorded(questionId: string, outcome: ReservationOutcome) {
      await db.query('UPDATE assistant_open_reservations SET outcome = $2 WHERE question_id = $1', [
        questionId,
        JSON.stringify(outcome),
      ]);
    },
    async olderThan(before: Date, limit = 100): Promise<Row[]> {
      const r = await db.query<Row>(
        'SELECT question_id, user_id, period_start, outcome FROM assistant_open_reservations WHERE reserved_at < $1 ORDER BY reserved_at LIMIT $2',
        [before, limit],
      );
      return r.rows;
    },
  };
}
export type OpenReservations = ReturnType<typeof openReservations>;

/** Past the longest answer, settling it takes a few seconds at most; a reservation older than both has no answer running. */
const SETTLE_MARGIN_MS = 10_000;

/**
 * Closes the reservations no answer can still be holding (older than the answer timeout): the
 * outcome that could not be recorded when there is one, else released as 'interrupted' (the
 * process died; the reader got no whole answer and pays nothing). Returns how many it closed.
 */
export async function sweepOpenReservations(
  rt: Pick<Runtime, 'db' | 'clock' | 'logger' | 'config'>,
  usage: UsageStream,
  prices: Prices,
): Promise<number> {
  const reservations = openReservations(rt.db);
  const now = rt.clock.now();
  // Wall time, as the rows are written: whether an answer can still be running is not business time (the development clock).
  const due = await reservations.olderThan(new Date(Date.now() - rt.config.AI_ANSWER_TIMEOUT_MS - SETTLE_MARGIN_MS));
  let closed = 0;
  for (const row of due) {
    const o = row.outcome;
    try {
      await usage.handle(
        { userId: row.user_id, periodStart: row.period_start },
        o?.type === 'Settle'
          ? {
              type: 'Settle',
              questionId: row.question_id,
              usage: o.usage,
              produced: o.produced,
              completed: o.completed,
              prices,
              at: now,
            }
          : {
              type: 'Release',
              questionId: row.question_id,
              reason: o?.type === 'Release' ? o.reason : 'interrupted',
              at: now,
            },
        { correlationId: row.question_id, actor: { type: 'system', id: 'reservation-sweeper' } },
      );
    } catch (err) {
      // Never appended (the process died between this row and the reservation): nothing is held.
      if (!(err instanceof UnknownReservation)) {
        rt.logger.warn({ err, questionId: row.question_id }, 'open reservation could not be closed; tried again later');
        continue;
      }
    }
    await reservations.closed(row.question_id);
    closed++;
  }
  if (closed > 0) rt.logger.info({ closed }, 'open reservations left by an interrupted answer were closed');
  return closed;
}

/** At start-up, then every so often: reservations left open by a process that died are closed. */
export async function runReservationSweeper(
  rt: Pick<Runtime, 'db' | 'clock' | 'logger' | 'config'>,
  usage: UsageStream,
  prices: Prices,
  signal: AbortSignal,
) {
  const intervalMs = Math.min(60_000, Math.max(1000, rt.config.AI_ANSWER_TIMEOUT_MS / 4));
  while (!signal.aborted) {
    try {
      await sweepOpenReservations(rt, usage, prices);
    } catch (err) {
      rt.logger.warn({ err }, 'reservation sweep failed; tried again later');
    }
    await sleep(intervalMs, signal);
  }
}
