import { type RecordedEvent, streams } from '@lectio/contracts/events';
import type { Db, Runtime } from '@lectio/platform';
import { type Projection, projectEvents, readModelChanged } from '@lectio/platform/projections';
import { readUsagePeriodKeys } from './read-models/assistant-usage';

/** The ids of every stream that holds some of a reader's account. */
async function accountStreamIds(rt: Pick<Runtime, 'db'>, userId: string): Promise<string[]> {
  const periods = await readUsagePeriodKeys(rt.db, userId);
  return [
    streams.user(userId),
    streams.subscription(userId),
    ...periods.map((p) => streams.usage(userId, p)),
    streams.chat(userId),
    streams.support(userId),
    streams.plans(userId),
    streams.notes(userId),
  ];
}

const byPosition = (a: RecordedEvent, b: RecordedEvent) =>
  a.position < b.position ? -1 : a.position > b.position ? 1 : 0;

/** Every event of a reader's account, from every stream that holds some of it, oldest first. */
export async function accountEvents(rt: Pick<Runtime, 'db' | 'store'>, userId: string): Promise<RecordedEvent[]> {
  const ids = await accountStreamIds(rt, userId);
  return (await Promise.all(ids.map((id) => rt.store.readStream(id)))).flat().sort(byPosition);
}

/**
 * The same events, oldest first, a batch at a time: each stream is read a page at a time and the
 * pages are merged by position, so a download of a long account never holds it all in memory.
 */
export async function* accountEventBatches(
  rt: Pick<Runtime, 'db' | 'store'>,
  userId: string,
  pageSize = 500,
): AsyncGenerator<RecordedEvent[]> {
  interface Reader {
    streamId: string;
    page: RecordedEvent[];
    at: number;
    /** The revision of the next page, or null once the stream is read to its end. */
    next: bigint | null;
  }
  const readers: Reader[] = (await accountStreamIds(rt, userId)).map((streamId) => ({
    streamId,
    page: [],
    at: 0,
    next: 0n,
  }));
  const fill = async (r: Reader) => {
    if (r.at < r.page.length || r.next === null) return;
    r.page = await rt.store.readStream(r.streamId, { fromRevision: r.next, maxCount: pageSize });
    r.at = 0;
    r.next = r.page.length < pageSize ? null : r.page[r.page.length - 1]!.revision + 1n;
  };
  for (;;) {
    await Promise.all(readers.map(fill));
    const batch: RecordedEvent[] = [];
    // Take the oldest head until some stream's page runs out (it is read again before going on).
    while (batch.length < pageSize) {
      let oldest: Reader | undefined;
      for (const r of readers)
        if (r.at < r.page.length && (!oldest || byPosition(r.page[r.at]!, oldest.page[oldest.at]!) < 0)) oldest = r;
      if (!oldest) break;
      batch.push(oldest.page[oldest.at++]!);
      if (oldest.at === oldest.page.length && oldest.next !== null) break;
    }
    if (batch.length === 0) return;
    yield batch;
  }
}

/**
 * Rebuilds one reader's rows in every read model from their events. Each read model is rebuilt up
 * to its own checkpoint, locked for the transaction, so its projector carries on from there and
 * no event is applied twice or missed.
 */
export async function rebuildRowsOf(
  readModels: readonly Projection[],
  db: Db,
  userId: string,
  events: readonly RecordedEvent[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of readModels) {
      const r = await tx.query<{ position: string }>(
        'SELECT position::text AS position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
        [p.name],
      );
      const upTo = BigInt(r.rows[0]?.position ?? '0');
      readModelChanged(p.name);
      for (const table of p.tables) await tx.query(`DELETE FROM ${table} WHERE user_id::text = $1`, [userId]);
      await projectEvents(
        tx,
        p,
        events.filter((e) => e.position <= upTo),
      );
    }
  });
}
