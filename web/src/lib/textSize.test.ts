import { describe, expect, it } from 'vitest';
import { TEXT_SIZES, normaliseTextSize } from './textSize';

describe('text size', () => {
  it('given a stored size, it is kept; given anything else, medium', () => {
    for (const s of TEXT_SIZES) expect(normaliseTextSize(s.id)).toBe(s.id);
    expect(normaliseTextSize(null)).toBe('medium');
    expect(normaliseTextSize('huge')).toBe('medium');
  });
});
