import { describe, expect, it } from 'vitest';
import { chapterKey } from './shortcuts';

describe('chapter keyboard shortcuts', () => {
  const body = { tagName: 'BODY' };
  it('maps arrows and brackets', () => {
    expect(chapterKey({ key: 'ArrowLeft' }, body)).toBe('previous');
    expect(chapterKey({ key: '[' }, body)).toBe('previous');
    expect(chapterKey({ key: 'ArrowRight' }, body)).toBe('next');
    expect(chapterKey({ key: ']' }, { tagName: 'BUTTON' })).toBe('next');
    expect(chapterKey({ key: 'a' }, body)).toBeNull();
  });

  it('leaves text fields, widgets with their own arrow keys and modified keys alone', () => {
    expect(chapterKey({ key: 'ArrowLeft' }, { tagName: 'INPUT' })).toBeNull();
    expect(chapterKey({ key: ']' }, { tagName: 'textarea' })).toBeNull();
    expect(chapterKey({ key: ']' }, { tagName: 'DIV', isContentEditable: true })).toBeNull();
    expect(chapterKey({ key: 'ArrowRight' }, { tagName: 'DIV', closestRole: 'radiogroup' })).toBeNull();
    expect(chapterKey({ key: 'ArrowRight', ctrlKey: true }, body)).toBeNull();
    expect(chapterKey({ key: 'ArrowRight', defaultPrevented: true }, body)).toBeNull();
  });
});
