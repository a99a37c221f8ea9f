import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCommandHandler, InvalidEventError } from './command-handler';
import type { Decider } from './decider';
import type { EventStore } from './eventstore/port';
import { openTestEventStore } from './testing/event-store';

// A toy stream: a counter whose event gained a field in version 2 (`by`, formerly implied 1).
type Ev = { type: 'Counted'; data: { by: number; note: string } };
type Cmd = { type: 'Count'; by: number; note?: string };
const counter: Decider<Cmd, Ev, { total: number }> = {
  initialState: () => ({ total: 0 }),
  evolve: (s, e) => ({ total: s.total + e.data.by }),
  decide: (c) => [{ type: 'Counted', data: { by: c.by, note: c.note ?? '' } }],
};

let store: EventStore;
let close: () => Promise<void>;
beforeAll(async () => ({ store, close } = await openTestEventStore()));
afterAll(() => close());

const meta = { correlationId: 'test', actor: { type: 'system' as const } };
const handler = () =>
  createCommandHandler(store, {
    streamId: (id) => `counter-${id}`,
    decider: counter,
    schemas: { Counted: z.object({ by: z.number().int().positive(), note: z.string() }) },
    schemaVersions: { Counted: 2 },
    upcast: { Counted: (data, version) => (version < 2 ? { by: 1, note: (data as { note?: string }).note ?? '' } : data) },
  });

describe('a command handler configured once per stream type', () => {
  it('reads an old event version as the new one (upcast)', async () => {
    const id = randomUUID();
    // Written by an older release: version 1 had no `by`.
    await store.append(`counter-${id}`, [{ id: randomUUID(), type: 'Counted', schemaVersion: 1, data: { note: 'v1' }, metadata: meta }]);
    const h = handler();
    expect(await h.load(id)).toEqual({ total: 1 });
    await h.handle(id, { type: 'Count', by: 5 }, meta);
    expect(await h.load(id)).toEqual({ total: 6 });
    const [, second] = await store.readStream(`counter-${id}`);
    expect(second!.schemaVersion).toBe(2);
  });

  it('refuses to append an event that does not match its schema', async () => {
    const id = randomUUID();
    await expect(handler().handle(id, { type: 'Count', by: -3 }, meta)).rejects.toBeInstanceOf(InvalidEventError);
    expect(await store.readStream(`counter-${id}`)).toEqual([]);
  });
});
