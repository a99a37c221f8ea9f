import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Migration } from '../migrations';
import { type EventShape, type Projection, projectEvents } from '../projections/projection';
import { openTestEventStore, type TestEventStore } from './event-store';

/** An event of the projection's union, and the stream it is appended to. */
export type GivenEvent<E extends EventShape> = E extends EventShape ? E & { streamId: string } : never;

/**
 * Given/then for read models, on a real event store and PostgreSQL (PGlite):
 *   const spec = projectionSpec(usersProjection);
 *   await spec.given({ streamId, type: 'UserRegistered', data }).then('SELECT ... WHERE user_id = $1', [id], [{ ... }]);
 * The events are appended, read back as recorded and handed to the projection as its runner hands
 * them (the types it cannot handle are skipped); then the query must give exactly those rows.
 * One database per spec: give each case its own ids. `close()` in afterAll also fails the suite
 * when an event type the projection handles was never given.
 */
export function projectionSpec<E extends EventShape>(
  projection: Projection<E>,
  migrations: Migration[] = projection.migrations,
) {
  let opened: Promise<TestEventStore> | undefined;
  const open = () => (opened ??= openTestEventStore(migrations));
  const given = new Set<string>();
  return {
    given(...events: GivenEvent<E>[]) {
      for (const e of events) given.add(e.type);
      return {
        async then(sql: string, params: unknown[], rows: Record<string, unknown>[]): Promise<void> {
          const { db, store } = await open();
          const after = await store.headPosition();
          for (const { streamId, type, data } of events) {
            const metadata = { correlationId: randomUUID(), actor: { type: 'system' as const } };
            await store.append(streamId, [{ id: randomUUID(), type, schemaVersion: 1, data, metadata }]);
          }
          const recorded = await store.readAll({ after });
          await db.transaction((tx) => projectEvents(tx, projection, recorded));
          expect((await db.query(sql, params)).rows).toEqual(rows);
        },
      };
    },
    async close(): Promise<void> {
      if (opened) await (await opened).close();
      expect(
        projection.canHandle.filter((type) => !given.has(type)),
        `event types ${projection.name} handles that no case gives`,
      ).toEqual([]);
    },
  };
}
