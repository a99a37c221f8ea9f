import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { firstScreenScript } from './firstScreenScript';

const source = firstScreenScript({
  files: { '/home': ['/assets/ReaderPage-x.js'], '/auth': ['/assets/AuthPage-y.js'] },
  fonts: { '/home': ['/assets/literata-400-z.woff2'] },
  faces: { '/home': ['1em Literata'] },
  oldTestament: ['genesis', 'psalms'],
});

/** Runs the script as a browser would at `url` with `stored` in localStorage; the links it adds to the head. */
function preloadsAt(url: string, stored: Record<string, string> = {}) {
  const links: Array<{ rel: string; as?: string; href: string; crossOrigin: string }> = [];
  const faces: string[] = [];
  const { pathname, search } = new URL(url, 'http://lectio.test');
  runInNewContext(source, {
    location: { pathname, search },
    URLSearchParams,
    JSON,
    Number,
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    document: {
      createElement: () => ({ rel: '', href: '', crossOrigin: '' }),
      head: { appendChild: (link: (typeof links)[number]) => links.push(link) },
      fonts: { load: (face: string) => (faces.push(face), Promise.resolve([])) },
    },
  });
  return [...links.map((l) => `${l.rel}${l.as ? ` ${l.as}` : ''} ${l.href}`), ...faces.map((f) => `load ${f}`)];
}

describe('first-screen.js', () => {
  it("fetches the screen's code and the signed-in check for the page's path", () => {
    expect(preloadsAt('/auth')).toEqual(['preload fetch /api/user', 'modulepreload /assets/AuthPage-y.js']);
    expect(preloadsAt('/nowhere')).toEqual(['preload fetch /api/user']);
  });

  it("asks for a new reader's first chapter (Matthew 1) with the reader's code", () => {
    expect(preloadsAt('/home/')).toEqual([
      'preload fetch /api/user',
      'modulepreload /assets/ReaderPage-x.js',
      'preload font /assets/literata-400-z.woff2',
      'preload fetch /api/bible/matthew/1?translation=web',
      // The face itself, not only its file: ready when the reader first renders the chapter.
      'load 1em Literata',
    ]);
  });

  it('asks for the chapter where a returning reader stopped, in their translation and testament', () => {
    expect(preloadsAt('/home', { lastReadingPosition: '?book=john&chapter=3&verse=16&translation=kjv' })).toContain(
      'preload fetch /api/bible/john/3?translation=kjv',
    );
    expect(preloadsAt('/home', { lastReadingPosition: '?book=psalms&chapter=23' })).toContain(
      'preload fetch /api/bible/ot/psalms/23?translation=web',
    );
  });

  it('asks for no chapter the offline store keeps, nor when the address names the position', () => {
    const chapters = (urls: string[]) => urls.filter((u) => u.includes('/api/bible/'));
    const kept = {
      lastReadingPosition: '?book=john&chapter=3',
      bibleCache: JSON.stringify({ loadedBooks: { john: [1, 2, 3] } }),
    };
    expect(chapters(preloadsAt('/home', kept))).toEqual([]);
    expect(
      chapters(preloadsAt('/home', { bibleCache: JSON.stringify({ isFullyLoaded: true, loadedBooks: {} }) })),
    ).toEqual([]);
    expect(chapters(preloadsAt('/home?book=mark&chapter=2'))).toEqual([]);
    expect(chapters(preloadsAt('/home?translation=kjv'))).toEqual([]);
    // A stored record that is not JSON: no preload, and no error (the reader resets its store itself).
    expect(chapters(preloadsAt('/home', { bibleCache: '{' }))).toEqual([]);
  });
});
