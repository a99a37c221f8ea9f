import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VersionedMap, VersionedSet } from './versioned-map';

describe('VersionedMap', () => {
  it('every version keeps its contents, whichever versions are changed or read after it (random histories)', () => {
    const op = fc.record({
      from: fc.nat(),
      kind: fc.constantFrom('set', 'delete', 'read'),
      key: fc.integer({ min: 0, max: 6 }),
      value: fc.string({ maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        // The model: a native Map copied for every version.
        const versions: { map: VersionedMap<number, string>; model: Map<number, string> }[] = [
          { map: VersionedMap.empty(), model: new Map() },
        ];
        for (const o of ops) {
          const at = versions[o.from % versions.length]!;
          if (o.kind === 'read') {
            expect(at.map.entries().sort()).toEqual([...at.model].sort());
            continue;
          }
          const model = new Map(at.model);
          if (o.kind === 'set') model.set(o.key, o.value);
          else model.delete(o.key);
          versions.push({ map: o.kind === 'set' ? at.map.set(o.key, o.value) : at.map.delete(o.key), model });
        }
        for (const v of versions) {
          expect(v.map.size).toBe(v.model.size);
          for (const key of [0, 1, 2, 3, 4, 5, 6]) expect(v.map.get(key)).toBe(v.model.get(key));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('an older version read after many changes is rebuilt, and the newest still reads right', () => {
    let m = VersionedMap.empty<string, number>();
    const first = m.set('a', 1);
    m = first;
    for (let i = 0; i < 1000; i++) m = m.set(`k${i}`, i);
    expect(first.entries()).toEqual([['a', 1]]);
    expect(m.size).toBe(1001);
    expect(m.get('k999')).toBe(999);
  });
});

describe('VersionedSet', () => {
  it('adds and deletes without changing earlier versions', () => {
    const empty = VersionedSet.empty<string>();
    const one = empty.add('x');
    const two = one.add('y');
    const back = two.delete('x');
    expect([empty.size, one.size, two.size, back.size]).toEqual([0, 1, 2, 1]);
    expect(one.has('y')).toBe(false);
    expect([...back]).toEqual(['y']);
    expect(two.add('y')).toBe(two);
  });
});
