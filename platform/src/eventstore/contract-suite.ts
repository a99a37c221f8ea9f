import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '@lectio/contracts/events';
import { WrongExpectedVersionError, type EventStore, type RecordedEvent } from './port';

/** One behaviour, every adapter: the store-agnostic contract of the EventStore port. */
export function eventStoreContract(
  name: string,
  open: () => Promise<{ store: EventStore; close: () => Promise<void> }>,
  options: { writers?: number; eventsPerWriter?: number } = {},
) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close?.();
    });

    const event = (type = 'Tested', data: Record<string, unknown> = {}): NewEvent => ({
      id: randomUUID(),
      type,
      schemaVersion: 1,
      data,
      metadata: { correlationId: randomUUID(), actor: { type: 'system' } },
    });
    const stream = () => `test-${randomUUID()}`;

    it('appends to a new stream with expected version no_stream and reads it back', async () => {
      const s = stream();
      const e1 = event('A', { n: 1 });
      const e2 = event('B', { n: 2 });
      const r = await store.append(s, [e1, e2], { expectedVersion: 'no_stream' });
      expect(r.nextExpectedVersion).toBe(1n);
      expect(r.position).toBeGreaterThan(0n);
      const read = await store.readStream(s);
      expect(read.map((e) => [e.id, e.type, e.revision, e.data])).toEqual([
        [e1.id, 'A', 0n, { n: 1 }],
        [e2.id, 'B', 1n, { n: 2 }],
      ]);
      expect(read[0]!.metadata.correlationId).toBe(e1.metadata.correlationId);
      expect(read[1]!.position).toBe(r.position);
    });

    it('refuses no_stream on an existing stream with a typed conflict', async () => {
      const s = stream();
      await store.append(s, [event()], { expectedVersion: 'no_stream' });
      await expect(store.append(s, [event()], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
    });

    it('checks an exact revision and refuses a stale one', async () => {
      const s = stream();
      await store.append(s, [event(), event()], { expectedVersion: 'no_stream' });
      const ok = await store.append(s, [event()], { expectedVersion: 1n });
      expect(ok.nextExpectedVersion).toBe(2n);
      const err = await store.append(s, [event()], { expectedVersion: 1n }).catch((e) => e);
      expect(err).toBeInstanceOf(WrongExpectedVersionError);
      expect((err as WrongExpectedVersionError).actual).toBe(2n);
    });

    it('two writers racing on one stream with the same expected version: exactly one wins', async () => {
      for (let round = 0; round < 20; round++) {
        const s = stream();
        await store.append(s, [event()], { expectedVersion: 'no_stream' });
        const results = await Promise.allSettled([
          store.append(s, [event('X')], { expectedVersion: 0n }),
          store.append(s, [event('Y')], { expectedVersion: 0n }),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(rejected.reason).toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(s)).toHaveLength(2);
      }
    });

    it('stream_exists needs the stream; any accepts both', async () => {
      const s = stream();
      await expect(store.append(s, [event()], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await store.append(s, [event()], { expectedVersion: 'any' });
      await store.append(s, [event()], { expectedVersion: 'stream_exists' });
      await store.append(s, [event()], { expectedVersion: 'any' });
      expect(await store.readStream(s)).toHaveLength(3);
    });

    it('re-appending an event id already stored is a no-op, not a duplicate', async () => {
      const s = stream();
      const e = event();
      const first = await store.append(s, [e], { expectedVersion: 'no_stream' });
      const again = await store.append(s, [e], { expectedVersion: 'no_stream' });
      expect(again.nextExpectedVersion).toBe(first.nextExpectedVersion);
      expect(await store.readStream(s)).toHaveLength(1);
      const all = await store.readAll({ after: first.position - 1n, maxCount: 10 });
      expect(all.filter((x) => x.id === e.id)).toHaveLength(1);
    });

    it('reads a stream forwards and backwards, from a revision, with a limit', async () => {
      const s = stream();
      await store.append(
        s,
        [0, 1, 2, 3, 4].map((n) => event('N', { n })),
        { expectedVersion: 'no_stream' },
      );
      const nums = (es: RecordedEvent[]) => es.map((e) => (e.data as { n: number }).n);
      expect(nums(await store.readStream(s))).toEqual([0, 1, 2, 3, 4]);
      expect(nums(await store.readStream(s, { direction: 'backwards' }))).toEqual([4, 3, 2, 1, 0]);
      expect(nums(await store.readStream(s, { fromRevision: 2n, maxCount: 2 }))).toEqual([2, 3]);
      expect(nums(await store.readStream(s, { direction: 'backwards', fromRevision: 2n }))).toEqual([2, 1, 0]);
      expect(nums(await store.readStream(s, { direction: 'backwards', maxCount: 1 }))).toEqual([4]);
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('reads the global stream from a position', async () => {
      const s = stream();
      const before = await store.headPosition();
      await store.append(s, [event('G', { n: 1 })]);
      await store.append(stream(), [event('G', { n: 2 })]);
      const all = await store.readAll({ after: before });
      expect(all.map((e) => (e.data as { n: number }).n)).toEqual([1, 2]);
      expect(all[1]!.position).toBeGreaterThan(all[0]!.position);
      const tail = await store.readAll({ after: all[0]!.position });
      expect(tail.map((e) => e.id)).toEqual([all[1]!.id]);
    });

    it('subscribes to the global stream from a position and receives live appends', async () => {
      const from = await store.headPosition();
      const seen: string[] = [];
      const ac = new AbortController();
      const done = store.subscribe({
        after: from,
        signal: ac.signal,
        onEvents: async (es) => {
          seen.push(...es.map((e) => e.type));
        },
      });
      await store.append(stream(), [event('Live1')]);
      await store.append(stream(), [event('Live2')]);
      await waitFor(() => seen.length >= 2);
      ac.abort();
      await done;
      expect(seen).toEqual(['Live1', 'Live2']);
    });

    const writers = options.writers ?? 8;
    const perWriter = options.eventsPerWriter ?? 1000;
    it(`${writers} concurrent writers x ${perWriter} events: a subscriber sees each exactly once, in commit order`, async () => {
      const from = await store.headPosition();
      const total = writers * perWriter;
      const seen: RecordedEvent[] = [];
      const ac = new AbortController();
      const subscription = store.subscribe({
        after: from,
        signal: ac.signal,
        onEvents: async (es) => {
          seen.push(...es);
        },
      });
      const written = new Set<string>();
      await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          const s = `load-${w}-${randomUUID()}`;
          for (let i = 0; i < perWriter; i++) {
            const e = event('Load', { w, i });
            written.add(e.id);
            await store.append(s, [e], { expectedVersion: i === 0 ? 'no_stream' : BigInt(i - 1) });
          }
        }),
      );
      await waitFor(() => seen.length >= total, 60_000);
      // Nothing more arrives after the last one: no duplicates trickling in late.
      await new Promise((r) => setTimeout(r, 200));
      ac.abort();
      await subscription;
      expect(seen).toHaveLength(total);
      expect(new Set(seen.map((e) => e.id))).toEqual(written);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!.position > seen[i - 1]!.position).toBe(true);
      // Per stream, revisions arrive in order too.
      const lastRevision = new Map<string, bigint>();
      for (const e of seen) {
        expect(e.revision).toBe((lastRevision.get(e.streamId) ?? -1n) + 1n);
        lastRevision.set(e.streamId, e.revision);
      }
    }, 120_000);
  });
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
