import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { BOOKS } from '@lectio/contracts/books';

const titles = JSON.parse(readFileSync(new URL('../../data/chapter-titles.json', import.meta.url), 'utf8')) as Record<
  string,
  string[]
>;

describe('chapter titles', () => {
  it('has exactly the 27 books, in order', () => {
    expect(Object.keys(titles)).toEqual(BOOKS.map((b) => b.id));
  });

  it.each(BOOKS.map((b) => [b.id, b.chapters] as const))(
    '%s has a short, non-empty title for each of its %i chapters',
    (id, chapters) => {
      expect(titles[id]).toHaveLength(chapters);
      for (const title of titles[id]!) {
        expect(title.trim()).toBe(title);
        expect(title.length).toBeGreaterThan(0);
        expect(title.length).toBeLessThanOrEqual(60);
      }
    },
  );
});
