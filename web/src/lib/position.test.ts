import { describe, expect, it } from 'vitest';
import { PositionTracker, maxPosition } from './position';

describe('read-your-writes position', () => {
  it('keeps the highest numeric position, compared as integers', () => {
    const t = new PositionTracker();
    expect(t.current).toBeNull();
    t.observe('9');
    t.observe('10');
    t.observe('2');
    expect(t.current).toBe('10');
    t.observe('18446744073709551615');
    t.observe('18446744073709551614');
    expect(t.current).toBe('18446744073709551615');
  });

  it('ignores missing or malformed headers', () => {
    expect(maxPosition('5', null)).toBe('5');
    expect(maxPosition('5', '')).toBe('5');
    expect(maxPosition('5', 'abc')).toBe('5');
    expect(maxPosition(null, ' 7 ')).toBe('7');
  });
});
