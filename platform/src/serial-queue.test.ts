import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyedSerialQueue, SerialQueue } from './serial-queue';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('SerialQueue', () => {
  it('runs work one at a time in the order queued, and a failure stays with its caller', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    let running = 0;
    const job = (name: string, fail = false) =>
      q.run(async () => {
        running++;
        expect(running).toBe(1);
        await tick();
        log.push(name);
        running--;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a'), job('b', true), job('c')]);
    expect(log).toEqual(['a', 'b', 'c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await q.idle();
  });
});

describe('KeyedSerialQueue', () => {
  it('orders work per key, lets keys run side by side, and forgets a key once idle', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('x', 'y', 'z'), { minLength: 1, maxLength: 30 }), async (keys) => {
        const q = new KeyedSerialQueue();
        const seen = new Map<string, number[]>();
        const busy = new Set<string>();
        let overlapAcrossKeys = false;
        await Promise.all(
          keys.map((key, i) =>
            q.run(key, async () => {
              expect(busy.has(key)).toBe(false);
              busy.add(key);
              if (busy.size > 1) overlapAcrossKeys = true;
              await tick();
              seen.set(key, [...(seen.get(key) ?? []), i]);
              busy.delete(key);
            }),
          ),
        );
        for (const order of seen.values()) expect(order).toEqual([...order].sort((a, b) => a - b));
        if (new Set(keys).size > 1) expect(overlapAcrossKeys).toBe(true);
        await tick();
        expect(q.size).toBe(0);
      }),
      { numRuns: 50 },
    );
  });
});
