import { describe, expect, it } from 'vitest';
import { placePopup } from './popup';

describe('navigation popup placement', () => {
  const desktop = { width: 1280, height: 800 };

  it('opens at the pointer when it fits', () => {
    expect(placePopup({ x: 300, y: 200 }, desktop)).toEqual({ left: 300, top: 200, maxWidth: 320, maxHeight: 500 });
  });

  it('keeps 80 px from the top and 20 px from the other edges', () => {
    expect(placePopup({ x: 5, y: 10 }, desktop)).toMatchObject({ left: 20, top: 80 });
    const p = placePopup({ x: 1270, y: 790 }, desktop);
    expect(p.left + p.maxWidth).toBe(1260);
    expect(p.top + p.maxHeight).toBe(780);
  });

  it('limits size to 80% of a small window', () => {
    const phone = { width: 375, height: 667 };
    const p = placePopup({ x: 200, y: 400 }, phone);
    expect(p.maxWidth).toBe(300);
    expect(p.maxHeight).toBe(500);
    expect(p.left).toBe(375 - 20 - 300);
    expect(p.top).toBe(667 - 20 - 500);
    const tiny = placePopup({ x: 10, y: 10 }, { width: 300, height: 400 });
    expect(tiny.maxHeight).toBe(300); // 400 - 80 - 20
    expect(tiny.top).toBe(80);
    expect(tiny.maxWidth).toBe(240);
  });
});
