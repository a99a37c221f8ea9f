import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import {
  DOWNLOADS_PER_HOUR,
  NOTES_IMPORT_MAX,
  NOTES_IMPORTS_PER_HOUR,
  NOTES_PAGE_SIZE,
  notesMessages,
} from '@lectio/contracts/notes';
import { startTestLectio, unique, type TestClient } from '../../test/test-lectio';

// Limits that keep one reader's notes from slowing anyone else: pages, imports, downloads, bodies read only for the signed in.
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio({ env: { HTTP_REQUEST_TIMEOUT_MS: '1500' } });
}, 180_000);
afterAll(() => t?.close());

let ip = 1;
const read = (c: TestClient, url: string) => c.get(url, c.position ? { [MIN_POSITION_HEADER]: c.position } : {});

async function reader() {
  const c = t.client(`10.8.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
  const name = unique('limits');
  expect((await c.register(name, `${name}@example.com`)).status).toBe(201);
  return c;
}

/** `count` bookmarks over the Gospels and Acts (chapters 1-16, verses 1-9), in no order. */
function bookmarks(count: number) {
  const books = ['acts', 'john', 'matthew', 'luke', 'mark'];
  return Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    kind: 'bookmark',
    book: books[i % 5]!,
    chapter: (i % 16) + 1,
    verse: (i % 9) + 1,
  }));
}
const exported = (notes: unknown[]) => ({ format: 'lectio-notes', version: 1, notes });

function port(): number {
  const address = t.lectio.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test server is not listening on a port');
  return (address as AddressInfo).port;
}

/**
 * Sends `head` on a raw socket and resolves with the server's first answer and when it came (or
 * when the socket closed without one), or 'open' if neither happened within `waitMs`.
 */
function rawRequest(head: string, waitMs: number): Promise<{ answer: string; afterMs: number } | 'open'> {
  return new Promise((resolve) => {
    const started = Date.now();
    const done = (answer: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ answer, afterMs: Date.now() - started });
    };
    const socket = connect(port(), '127.0.0.1', () => socket.write(head));
    socket.on('data', (d) => done(d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => done(''));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('open');
    }, waitMs);
  });
}

describe('notes at scale', () => {
  it('GET /api/notes comes in pages of 500 in Bible order; the cursor walks every note once; a made-up cursor is a 400', async () => {
    const c = await reader();
    const all = bookmarks(1_201);
    expect((await c.post('/api/notes/import', exported(all.slice(0, 1_000)))).body).toEqual({
      imported: 1_000,
      unchanged: 0,
    });
    expect((await c.post('/api/notes/import', exported(all.slice(1_000)))).body).toEqual({
      imported: 201,
      unchanged: 0,
    });
    type Page = { notes: { id: string; book: string; chapter: number; verse: number }[]; nextCursor: string | null };
    const walk = async () => {
      const pages: Page[] = [];
      let cursor: string | null = null;
      do {
        const r = await read(c, `/api/notes${cursor ? `?cursor=${cursor}` : ''}`);
        expect(r.status).toBe(200);
        pages.push(r.body);
        cursor = r.body.nextCursor;
      } while (cursor);
      return pages;
    };
    // Read-your-writes waits 2 s at most: on a busy machine 1,201 notes may take longer to project.
    let pages = await walk();
    for (let tries = 0; pages.flatMap((p) => p.notes).length < 1_201 && tries < 40; tries++) {
      await new Promise((r) => setTimeout(r, 500));
      pages = await walk();
    }
    expect(pages.map((p) => p.notes.length)).toEqual([NOTES_PAGE_SIZE, NOTES_PAGE_SIZE, 201]);
    const seen = pages.flatMap((p) => p.notes);
    expect(new Set(seen.map((n) => n.id)).size).toBe(1_201);
    const order = ['matthew', 'mark', 'luke', 'john', 'acts'];
    const key = (n: { book: string; chapter: number; verse: number }) =>
      order.indexOf(n.book) * 1e6 + n.chapter * 1e3 + n.verse;
    expect(seen.map(key)).toEqual([...seen.map(key)].sort((a, b) => a - b));
    expect((await read(c, '/api/notes?limit=2')).body.notes).toHaveLength(2);

    const bad = await read(c, '/api/notes?cursor=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(notesMessages.badCursor);
    expect((await read(c, `/api/notes?limit=${NOTES_PAGE_SIZE + 1}`)).status).toBe(400);
  });

  it(`an import brings at most ${NOTES_IMPORT_MAX} notes, and a reader imports at most ${NOTES_IMPORTS_PER_HOUR} times an hour (429)`, async () => {
    const c = await reader();
    const tooMany = await c.post('/api/notes/import', exported(bookmarks(NOTES_IMPORT_MAX + 1)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(notesMessages.tooMany);
    for (let i = 0; i < NOTES_IMPORTS_PER_HOUR; i++)
      expect((await c.post('/api/notes/import', exported(bookmarks(1)))).status).toBe(200);
    const refused = await c.post('/api/notes/import', exported(bookmarks(1)));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: notesMessages.tooManyImports });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`downloads (notes as JSON or Markdown, or all my data) are limited to ${DOWNLOADS_PER_HOUR} an hour each`, async () => {
    const c = await reader();
    for (let i = 0; i < DOWNLOADS_PER_HOUR; i++)
      expect((await read(c, `/api/notes/export?format=${i % 2 ? 'json' : 'markdown'}`)).status).toBe(200);
    const refused = await read(c, '/api/notes/export?format=json');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: notesMessages.tooManyDownloads });
    // All my data is counted on its own.
    for (let i = 0; i < DOWNLOADS_PER_HOUR; i++) expect((await read(c, '/api/user/export')).status).toBe(200);
    expect((await read(c, '/api/user/export')).status).toBe(429);
  });

  it('the Markdown export escapes what a note says: no heading, image, link or HTML of a note’s own', async () => {
    const c = await reader();
    const text = '<img src=x onerror=alert(1)>\n# Fake heading\n[click](javascript:alert(1))';
    await c.post('/api/notes', { id: randomUUID(), kind: 'note', book: 'james', chapter: 1, verse: 5, text });
    const md = await read(c, '/api/notes/export?format=markdown');
    expect(md.body).toContain(
      '- **James 1:5**, Note: \\<img src=x onerror=alert\\(1\\)\\>\n  \\# Fake heading\n  \\[click\\]\\(javascript:alert\\(1\\)\\)',
    );
  });

  it('a signed-out request with a large body is answered 401 before its body is read', async () => {
    const body = JSON.stringify(exported([]));
    // Says 8,000,000 bytes are coming and sends a few: the answer comes at once, not after the body (or the timeout).
    const r = await rawRequest(
      `POST /api/notes/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 8000000\r\n\r\n${body.slice(0, 4)}`,
      1_000,
    );
    expect(r).not.toBe('open');
    if (r !== 'open') expect(r.answer).toMatch(/^HTTP\/1\.1 401/);
  });

  it('a client that stalls while sending its body is cut off (408) after HTTP_REQUEST_TIMEOUT_MS, 50 at once', async () => {
    const stalled = Array.from({ length: 50 }, () =>
      rawRequest(
        `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{"em`,
        10_000,
      ),
    );
    const outcomes = await Promise.all(stalled);
    expect(outcomes.filter((o) => o === 'open')).toEqual([]);
    for (const o of outcomes) {
      if (o === 'open') continue;
      expect(o.afterMs).toBeLessThan(8_000);
      expect(o.answer).toMatch(/^$|^HTTP\/1\.1 408/);
    }
  });
});
