import { describe, expect, it } from 'vitest';
import { LAST_POSITION_KEY, lastPosition, namesNoPosition, resumePosition, saveLastPosition } from './lastPosition';
import type { StorageLike } from '../offline/cacheRecord';

function memory(initial: Record<string, string> = {}): StorageLike {
  const data = { ...initial };
  return {
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => void (data[k] = v),
    removeItem: (k) => void delete data[k],
  };
}

describe('last reading position', () => {
  it('given nothing stored, there is no position to resume', () => {
    expect(lastPosition(memory())).toBeNull();
  });

  it('given a saved position, it comes back whole (book, chapter, verse, translation)', () => {
    const s = memory();
    saveLastPosition(s, { book: 'romans', chapter: 8, verse: 28, translation: 'kjv' });
    expect(lastPosition(s)).toEqual({ book: 'romans', chapter: 8, verse: 28, translation: 'kjv' });
  });

  it('given a stored value naming no known book, it is ignored rather than sending the reader to Matthew', () => {
    expect(lastPosition(memory({ [LAST_POSITION_KEY]: '?book=enoch&chapter=1' }))).toBeNull();
    expect(lastPosition(memory({ [LAST_POSITION_KEY]: 'not a query' }))).toBeNull();
  });

  it('given storage that throws, reading and saving fail quietly', () => {
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    expect(() => saveLastPosition(broken, { book: 'john', chapter: 3, verse: null, translation: 'web' })).not.toThrow();
    expect(lastPosition(broken)).toBeNull();
  });

  it('only a reader URL without a book asks to resume', () => {
    expect(namesNoPosition('')).toBe(true);
    expect(namesNoPosition('?translation=kjv')).toBe(true);
    expect(namesNoPosition('?book=john&chapter=3')).toBe(false);
  });

  it('/home without a book resumes where the reader stopped, in the translation the URL asks for; a URL with a book does not', () => {
    const s = memory({ [LAST_POSITION_KEY]: '?book=romans&chapter=8&verse=28&translation=kjv' });
    expect(resumePosition('', s)).toEqual({ book: 'romans', chapter: 8, verse: 28, translation: 'kjv' });
    expect(resumePosition('?translation=web', s)).toEqual({
      book: 'romans',
      chapter: 8,
      verse: 28,
      translation: 'web',
    });
    expect(resumePosition('?book=john&chapter=3', s)).toBeNull();
    expect(resumePosition('', memory())).toBeNull();
  });
});
