import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usagePeriodKey } from '@lectio/contracts/assistant';
import { streams } from '@lectio/contracts/events';
import { createClock, createLogger, loadConfig } from '@lectio/platform';
import { openTestEventStore, type TestEventStore } from '@lectio/platform/testing';
import { questionAsked } from '@lectio/testing/events';
import { openReservations, reservationMigrations, sweepOpenReservations } from './open-reservations';
import { usageStream } from './usage-stream';

const prices = { inputPerMTok: 10, outputPerMTok: 30 };
const period = { periodStart: '2026-11-01T00:00:00.000Z', periodEnd: '2026-12-01T00:00:00.000Z' };

describe('the sweeper of reservations a dead process left open', () => {
  let es: TestEventStore;
  beforeAll(async () => {
    es = await openTestEventStore(reservationMigrations);
  });
  afterAll(() => es?.close());

  it('closes the old ones: released as interrupted, or the outcome that could not be recorded; a note with no reservation is dropped; a running one is left', async () => {
    const rt = {
      db: es.db,
      store: es.store,
      clock: createClock({ production: false }),
      logger: createLogger({ level: 'silent' }),
      config: loadConfig({ AI_ANSWER_TIMEOUT_MS: '1000' }),
    };
    const userId = randomUUID();
    const stream = streams.usage(userId, usagePeriodKey(period.periodStart));
    const notes = openReservations(es.db);
    const [crashed, unsettled, neverHeld, running] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const q of [crashed, unsettled, neverHeld, running]) await notes.opened(q, userId, period.periodStart);
    const metadata = { correlationId: randomUUID(), actor: { type: 'system' as const } };
    await es.store.append(
      stream,
      [crashed, unsettled, running].map((q) => ({
        id: randomUUID(),
        schemaVersion: 1,
        metadata,
        ...questionAsked(q, 20_000, { ...period, askedAt: new Date().toISOString() }),
      })),
    );
    // The answer to `unsettled` was given; recording its usage failed (the store was down).
    await notes.unrecorded(unsettled, {
      type: 'Settle',
      usage: { promptTokens: 1000, completionTokens: 100, totalTokens: 1100 },
      completed: true,
    });
    // All but `running` were made an hour ago: no answer can still be holding them.
    await es.db.query(
      `UPDATE assistant_open_reservations SET reserved_at = now() - interval '1 hour' WHERE question_id <> $1`,
      [running],
    );

    expect(await sweepOpenReservations(rt, usageStream(rt.store), prices)).toBe(3);
    const events = (await es.store.readStream(stream)).slice(3).map((e) => ({ type: e.type, data: e.data }));
    expect(events).toEqual([
      { type: 'QuestionReleased', data: expect.objectContaining({ questionId: crashed, reason: 'interrupted' }) },
      {
        type: 'QuestionAnswered',
        data: expect.objectContaining({ questionId: unsettled, costMicros: 10_000 + 3_000, usageReported: true }),
      },
    ]);
    const left = await es.db.query<{ question_id: string }>('SELECT question_id FROM assistant_open_reservations');
    expect(left.rows.map((r) => r.question_id)).toEqual([running]);
    // Once more: nothing further to close.
    expect(await sweepOpenReservations(rt, usageStream(rt.store), prices)).toBe(0);
  });
});
