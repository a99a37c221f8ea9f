import { describe, expect, it } from 'vitest';
import { readsOwnWrites } from './read-your-writes';

describe("which reads wait for the reader's own writes", () => {
  it('the Bible text, books, search, the offline bundle and the health probe never do', () => {
    for (const url of [
      '/api/bible/books',
      '/api/bible/john/3?translation=kjv',
      '/api/bible/search?q=love',
      '/api/bible/bundle',
      '/api/health',
      'http://127.0.0.1:3000/api/bible/books',
    ])
      expect(readsOwnWrites(url), url).toBe(false);
  });

  it('reads about the reader do', () => {
    for (const url of ['/api/user', '/api/user/preferences', '/api/subscription-status?x=1'])
      expect(readsOwnWrites(url), url).toBe(true);
  });
});
