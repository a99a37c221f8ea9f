import type { RecordedEvent } from '@lectio/contracts/events';
import type { Queryable } from '../db';
import type { Migration } from '../migrations';

/** One member of a contract's event union (`{ type: 'X'; data: XData } | ...`). */
export interface EventShape {
  type: string;
  data: unknown;
}

/**
 * An event of the union `E` as the store recorded it: narrowing on `event.type` narrows
 * `event.data` to that event's contract type.
 */
export type ProjectedEvent<E extends EventShape> = E extends { type: infer T extends string; data: infer D }
  ? RecordedEvent<T, D>
  : never;

/**
 * A read model: the tables it owns, the event types it handles and how one of them changes the
 * tables. The runner hands `handle` only events whose type is in `canHandle`, so `handle` receives
 * them typed from the contracts' unions (as Emmett's postgreSQLProjection({ canHandle, handle })).
 */
export interface Projection<E extends EventShape = EventShape> {
  name: string;
  /** Tables emptied by a rebuild. */
  tables: string[];
  /** The DDL of those tables: the projection owns them, nobody else writes them. */
  migrations: Migration[];
  /** The event types it handles; every other event only advances its checkpoint. */
  canHandle: readonly E['type'][];
  // A method, so a Projection<UserEvent> is also a Projection (the runner's list): the runner
  // calls it only with the types in canHandle.
  handle(tx: Queryable, event: ProjectedEvent<E>): Promise<void>;
}

/** Declares a read model; `E` is the union of the contract events it handles. */
export function postgreSQLProjection<E extends EventShape>(projection: Projection<E>): Projection<E> {
  return projection;
}

/**
 * Whether `event` is one of `types`, and so that contract event. Where the store's events are
 * typed: an event's data was checked against its type's schema before it was appended
 * (createCommandHandler), so its type names its shape.
 */
export function isEventOf<E extends EventShape>(event: EventShape, types: readonly E['type'][]): event is E {
  return types.some((type) => type === event.type);
}

/** The events of `types` among `events`, typed as those contract events, in order. */
export function eventsOf<E extends EventShape>(
  events: readonly RecordedEvent[],
  types: readonly E['type'][],
): ProjectedEvent<E>[] {
  return events.filter((e): e is ProjectedEvent<E> => types.some((type) => type === e.type));
}

/** Applies the events `projection` handles, in order, within `tx`. */
export async function projectEvents(
  tx: Queryable,
  projection: Projection,
  events: readonly RecordedEvent[],
): Promise<void> {
  const handled = eventsOf(events, projection.canHandle);
  if (handled.length > 0) readModelChanged(projection.name);
  for (const e of handled) await projection.handle(tx, e);
}

/** How often each read model has changed in this process (what rememberedReads compares). */
const generations = new Map<string, number>();

/**
 * Says a read model's rows are changing (inside the transaction that changes them): what was
 * remembered of it is not answered again. projectEvents says it; so must anything else that writes
 * a read model's tables (a rebuild emptying them).
 */
export function readModelChanged(name: string) {
  generations.set(name, (generations.get(name) ?? 0) + 1);
}

/**
 * Reads of one read model remembered until it next changes, on the embedded database only: there
 * this process runs every projection, and PGlite orders a read after a transaction that is open,
 * so a read started before a change is never remembered past it (its generation is older). On a
 * PostgreSQL server the projections may run in another process, so every read goes to the database.
 * The memory is the reader's own and holds one database's rows (the process's; another database
 * asked of, as tests do, starts it afresh).
 */
export function rememberedReads<V>(name: string, max = 10_000) {
  const memory = new Map<string, { generation: number; value: V }>();
  let of: Queryable | undefined;
  return async (q: Queryable, key: string, read: () => Promise<V | undefined>): Promise<V | undefined> => {
    if (!('engine' in q) || q.engine !== 'pglite') return read();
    if (of !== q) {
      memory.clear();
      of = q;
    }
    const generation = generations.get(name) ?? 0;
    const known = memory.get(key);
    if (known?.generation === generation) return known.value;
    const value = await read();
    if (of === q && value !== undefined && (generations.get(name) ?? 0) === generation) {
      memory.delete(key);
      memory.set(key, { generation, value });
      if (memory.size > max) memory.delete(memory.keys().next().value!);
    }
    return value;
  };
}
