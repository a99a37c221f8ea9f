import { type RecordedEvent, streams } from '@lectio/contracts/events';
import type { Db, Runtime } from '@lectio/platform';
import { type Projection, projectEvents, readModelChanged } from '@lectio/platform/projections';
import { readUsagePeriodKeys } from './read-models/assistant-usage';

/** Every event of a reader's account, from every stream that holds some of it, oldest first. */
export async function accountEvents(rt: Pick<Runtime, 'db' | 'store'>, userId: string): Promise<RecordedEvent[]> {
  const periods = await readUsagePeriodKeys(rt.db, userId);
  const ids = [
    streams.user(userId),
    streams.subscription(userId),
    ...periods.map((p) => streams.usage(userId, p)),
    streams.chat(userId),
    streams.support(userId),
    streams.plans(userId),
    streams.notes(userId),
  ];
  const all = (await Promise.all(ids.map((id) => rt.store.readStream(id)))).flat();
  return all.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}

/**
 * Rebuilds one reader's rows in every read model from their events. Each read model is rebuilt up
 * to its own checkpoint, locked for the transaction, so its projector carries on from there and
 * no event is applied twice or missed.
 */
export async function rebuildRowsOf(readModels: readonly Projection[], db: Db, userId: string, events: readonly RecordedEvent[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const p of readModels) {
      const r = await tx.query<{ position: string }>('SELECT position::text AS position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [p.name]);
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
