import { describe, expect, it } from 'vitest';
import { LongPressDetector, type Timers } from './longPress';

function fakeTimers() {
  let now = 0;
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    set(fn, ms) {
      const id = ++seq;
      pending.set(id, { at: now + ms, fn });
      return id;
    },
    clear(h) {
      pending.delete(h as number);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...pending]) {
      if (t.at <= now) {
        pending.delete(id);
        t.fn();
      }
    }
  };
  return { timers, advance };
}

describe('long press', () => {
  it('fires after 750 ms at the touch point', () => {
    const { timers, advance } = fakeTimers();
    const hits: Array<{ x: number; y: number }> = [];
    const d = new LongPressDetector({ timers, onLongPress: (p) => hits.push(p) });
    d.start(100, 200);
    advance(749);
    expect(hits).toEqual([]);
    d.move(105, 205); // within 10 px
    advance(1);
    expect(hits).toEqual([{ x: 100, y: 200 }]);
    expect(d.fired).toBe(true);
  });

  it('is cancelled by moving more than 10 px or lifting early', () => {
    const { timers, advance } = fakeTimers();
    let count = 0;
    const d = new LongPressDetector({ timers, onLongPress: () => count++ });
    d.start(0, 0);
    d.move(8, 8); // 11.3 px
    advance(1000);
    d.start(0, 0);
    advance(500);
    d.end();
    advance(1000);
    expect(count).toBe(0);
    expect(d.fired).toBe(false);
  });
});
