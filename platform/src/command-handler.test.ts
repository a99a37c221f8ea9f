import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import Fastify from 'fastify';
import { createCommandHandler, InvalidEventError } from './command-handler';
import { ConcurrentChangeError, type Decider } from './decider';
import { WrongExpectedVersionError, type EventStore } from './eventstore/port';
import { installErrorHandler } from './http/errors';
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
    upcast: {
      Counted: (data, version) => (version < 2 ? { by: 1, note: (data as { note?: string }).note ?? '' } : data),
    },
  });

describe('a command handler configured once per stream type', () => {
  it('reads an old event version as the new one (upcast)', async () => {
    const id = randomUUID();
    // Written by an older release: version 1 had no `by`.
    await store.append(`counter-${id}`, [
      { id: randomUUID(), type: 'Counted', schemaVersion: 1, data: { note: 'v1' }, metadata: meta },
    ]);
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

describe('commands on one stream in one process', () => {
  it('sixteen at once all succeed, one after the other, each on the state the previous left', async () => {
    const id = randomUUID();
    let conflicts = 0;
    const watched: EventStore = {
      ...store,
      append: (streamId, events, options) =>
        store.append(streamId, events, options).catch((err: unknown) => {
          if (err instanceof WrongExpectedVersionError) conflicts++;
          throw err;
        }),
    };
    const h = createCommandHandler(watched, {
      streamId: (i) => `counter-${i}`,
      decider: counter,
      schemas: { Counted: z.object({ by: z.number(), note: z.string() }) },
    });
    const results = await Promise.all(Array.from({ length: 16 }, () => h.handle(id, { type: 'Count', by: 1 }, meta)));
    expect(results.map((r) => r.state.total).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 16 }, (_, i) => i + 1),
    );
    expect(conflicts).toBe(0);
    expect(await h.load(id)).toEqual({ total: 16 });
  });

  it('decides on what another writer appended since its last command (it reads the events since then)', async () => {
    const id = randomUUID();
    const h = handler();
    expect((await h.handle(id, { type: 'Count', by: 2 }, meta)).state).toEqual({ total: 2 });
    // Another process appends to the stream.
    await store.append(
      `counter-${id}`,
      [{ id: randomUUID(), type: 'Counted', schemaVersion: 2, data: { by: 10, note: 'elsewhere' }, metadata: meta }],
      {
        expectedVersion: 0n,
      },
    );
    expect((await h.handle(id, { type: 'Count', by: 3 }, meta)).state).toEqual({ total: 15 });
    expect(await h.load(id)).toEqual({ total: 15 });
  });
});

describe('a command that keeps losing the race for its stream', () => {
  it('is decided again with pauses, then refused as a 409 with a message, never a 500', async () => {
    let appends = 0;
    // Another writer always gets there first.
    const contested: EventStore = {
      ...store,
      append: async (streamId) => {
        appends++;
        throw new WrongExpectedVersionError(streamId, 0n, 1n);
      },
    };
    const h = createCommandHandler(contested, {
      streamId: (id) => `counter-${id}`,
      decider: counter,
      schemas: { Counted: z.object({ by: z.number(), note: z.string() }) },
      retries: 4,
    });
    const started = Date.now();
    const err = await h.handle(randomUUID(), { type: 'Count', by: 1 }, meta).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConcurrentChangeError);
    expect(appends).toBe(5);
    expect(Date.now() - started).toBeLessThan(10 + 20 + 40 + 80 + 1000);

    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.post('/race', async () => {
      throw err;
    });
    const res = await app.inject({ method: 'POST', url: '/race' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Someone else changed this at the same moment. Please try again.' });
  });
});
