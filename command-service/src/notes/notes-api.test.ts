import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_POSITION_HEADER } from '@lectio/contracts/constants';
import { NOTE_TEXT_MAX, notesMessages } from '@lectio/contracts/notes';
import { streams } from '@lectio/contracts/events';
import { startTestLectio, unique, type TestClient } from '../../test/test-lectio';
import { describe as describeEvent } from '../support/summaries';

// The reader's notes through the HTTP API of a whole Lectio (command side, query side, projections on PGlite).
let t: Awaited<ReturnType<typeof startTestLectio>>;
beforeAll(async () => {
  t = await startTestLectio();
}, 180_000);
afterAll(() => t?.close());

let ip = 1;
const read = (c: TestClient, url: string) => c.get(url, c.position ? { [MIN_POSITION_HEADER]: c.position } : {});

/** A newly registered reader (no trial, no Premium: notes are free for everyone signed in). */
async function reader() {
  const c = t.client(`10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);
  const name = unique('noter');
  expect((await c.register(name, `${name}@example.com`)).status).toBe(201);
  return c;
}

const highlight = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  kind: 'highlight',
  book: 'john',
  chapter: 3,
  verse: 16,
  color: 'yellow',
  ...over,
});

describe('the reader’s notes API', () => {
  it('saves a highlight, a note on a range and a bookmark; GET /api/notes shows them for the chapter, in verse order', async () => {
    const c = await reader();
    const h = highlight({ verse: 17, color: 'green' });
    const n = {
      id: randomUUID(),
      kind: 'note',
      book: 'john',
      chapter: 3,
      verse: 16,
      verseEnd: 18,
      text: 'God so loved — the whole world.',
    };
    const b = { id: randomUUID(), kind: 'bookmark', book: 'romans', chapter: 8, verse: 28 };
    for (const body of [h, n, b]) {
      const r = await c.post('/api/notes', body);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ note: { id: body.id }, changed: true });
      expect(Number(r.headers['x-lectio-position'])).toBeGreaterThan(0);
    }
    const john = await read(c, '/api/notes?book=john&chapter=3');
    expect(john.status).toBe(200);
    expect(john.headers['cache-control']).toBe('no-store');
    expect(john.body.notes.map((x: { id: string }) => x.id)).toEqual([n.id, h.id]);
    expect(john.body.notes[0]).toMatchObject({
      kind: 'note',
      verse: 16,
      verseEnd: 18,
      color: null,
      text: n.text,
      history: [],
    });
    expect(john.body.notes[1]).toMatchObject({
      kind: 'highlight',
      verse: 17,
      verseEnd: null,
      color: 'green',
      text: null,
    });
    // Without a passage: every note, in Bible order (John before Romans).
    const all = await read(c, '/api/notes');
    expect(all.body.notes.map((x: { book: string }) => x.book)).toEqual(['john', 'john', 'romans']);
  });

  it('a retried save is one note; a later save wins and keeps the earlier text in the note’s history', async () => {
    const c = await reader();
    const note = { id: randomUUID(), kind: 'note', book: 'mark', chapter: 1, verse: 1, text: 'The beginning.' };
    expect((await c.post('/api/notes', note)).body.changed).toBe(true);
    const retry = await c.post('/api/notes', note);
    expect(retry.status).toBe(200);
    expect(retry.body.changed).toBe(false);
    expect(retry.headers['x-lectio-position']).toBe('0');
    await c.post('/api/notes', { ...note, text: 'The beginning of the good news.' });
    const { body } = await read(c, '/api/notes?book=mark&chapter=1');
    expect(body.notes).toHaveLength(1);
    expect(body.notes[0].text).toBe('The beginning of the good news.');
    expect(body.notes[0].history).toEqual([
      { text: 'The beginning.', color: null, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    // The stream holds both saves, not three.
    const saved = (await t.lectio.rt.store.readStream(streams.notes(await userIdOf(c)))).filter(
      (e) => e.type === 'NoteSaved',
    );
    expect(saved).toHaveLength(2);
  });

  it('an offline queue replayed twice makes one note per queued save', async () => {
    const c = await reader();
    const queue = [
      highlight({ book: 'luke', chapter: 2, verse: 10, color: 'blue' }),
      { id: randomUUID(), kind: 'bookmark', book: 'luke', chapter: 2, verse: 11 },
    ];
    for (let round = 0; round < 2; round++)
      for (const save of queue) expect((await c.post('/api/notes', save)).status).toBe(200);
    const { body } = await read(c, '/api/notes?book=luke&chapter=2');
    expect(body.notes.map((x: { id: string }) => x.id).sort()).toEqual(queue.map((q) => q.id).sort());
  });

  it('400 in the spec’s shape for a verse, chapter or range end that does not exist, a bad colour, an empty or oversized note', async () => {
    const c = await reader();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [highlight({ verse: 37 }), 'verse', notesMessages.unknownVerse], // John 3 has 36 verses
      [highlight({ chapter: 22 }), 'chapter', notesMessages.unknownVerse], // John has 21 chapters
      [highlight({ verse: 35, verseEnd: 40 }), 'verseEnd', notesMessages.unknownVerse],
      [highlight({ verse: 16, verseEnd: 16 }), 'verseEnd', notesMessages.badRange],
      [highlight({ book: 'tobit' }), 'book', notesMessages.unknownBook],
      [highlight({ book: 'isaiah', chapter: 53, verse: 13 }), 'verse', notesMessages.unknownVerse], // Isaiah 53 has 12 verses
      [highlight({ color: 'orange' }), 'color', notesMessages.colorRequired],
      [highlight({ color: undefined }), 'color', notesMessages.colorRequired],
      [{ ...highlight(), kind: 'note', color: undefined, text: '   ' }, 'text', notesMessages.textRequired],
      [{ ...highlight(), kind: 'note', text: 'x'.repeat(NOTE_TEXT_MAX + 1) }, 'text', notesMessages.textTooLong],
      [highlight({ id: 'not-a-uuid' }), 'id', notesMessages.idRequired],
    ];
    for (const [body, field, message] of cases) {
      const r = await c.post('/api/notes', body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body).toEqual({ message, errors: [expect.objectContaining({ field, message })] });
    }
    // 10,000 characters exactly is a note (with characters JSON escapes).
    const long = await c.post('/api/notes', {
      ...highlight(),
      kind: 'note',
      text: '"\u00e9'.repeat(NOTE_TEXT_MAX / 2),
    });
    expect(long.status).toBe(200);
    expect((await read(c, '/api/notes?book=john&chapter=3')).body.notes).toHaveLength(1);
  });

  it('keeps notes, highlights and bookmarks in the Old Testament too (Isaiah 53:5)', async () => {
    const c = await reader();
    const note = { id: randomUUID(), kind: 'note', book: 'isaiah', chapter: 53, verse: 5, text: 'By his wounds' };
    expect((await c.post('/api/notes', note)).status).toBe(200);
    expect((await c.post('/api/notes', { ...highlight(), book: 'psalms', chapter: 23, verse: 1 })).status).toBe(200);
    expect(
      (await read(c, '/api/notes?book=isaiah&chapter=53')).body.notes.map((n: { text: string }) => n.text),
    ).toEqual(['By his wounds']);
    const all = (await read(c, '/api/notes')).body.notes.map((n: { book: string }) => n.book);
    expect(all).toEqual(expect.arrayContaining(['isaiah', 'psalms']));
  });

  it('DELETE removes a note; another reader’s note is 404 to read, delete or overwrite; a second delete changes nothing', async () => {
    const owner = await reader();
    const other = await reader();
    const note = { id: randomUUID(), kind: 'note', book: 'acts', chapter: 2, verse: 1, text: 'Pentecost' };
    await owner.post('/api/notes', note);
    expect((await other.delete(`/api/notes/${note.id}`)).status).toBe(404);
    expect((await other.delete(`/api/notes/${note.id}`)).body).toEqual({ message: notesMessages.notFound });
    expect((await read(other, '/api/notes?book=acts&chapter=2')).body.notes).toEqual([]);
    // The same id saved by another reader is that reader's own note; the owner's stays as it was.
    await other.post('/api/notes', { ...note, text: 'Mine now?' });
    expect(
      (await read(owner, '/api/notes?book=acts&chapter=2')).body.notes.map((n: { text: string }) => n.text),
    ).toEqual(['Pentecost']);

    const gone = await owner.delete(`/api/notes/${note.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ id: note.id, deleted: true });
    expect((await read(owner, '/api/notes?book=acts&chapter=2')).body.notes).toEqual([]);
    const again = await owner.delete(`/api/notes/${note.id}`);
    expect(again.status).toBe(200);
    expect(again.headers['x-lectio-position']).toBe('0');
    expect((await owner.delete(`/api/notes/${randomUUID()}`)).status).toBe(404);
    expect((await owner.delete('/api/notes/nonsense')).status).toBe(404);
  });

  it('exports Markdown and JSON, and the JSON imports into another account (twice: once)', async () => {
    const c = await reader();
    await c.post('/api/notes', highlight({ book: 'philippians', chapter: 4, verse: 13, color: 'pink' }));
    await c.post('/api/notes', {
      id: randomUUID(),
      kind: 'note',
      book: 'matthew',
      chapter: 5,
      verse: 3,
      verseEnd: 5,
      text: 'The Beatitudes\nblessed are the poor',
    });
    await c.post('/api/notes', { id: randomUUID(), kind: 'bookmark', book: 'matthew', chapter: 6, verse: 9 });

    const md = await read(c, '/api/notes/export?format=markdown');
    expect(md.status).toBe(200);
    expect(md.headers['content-type']).toMatch(/^text\/markdown/);
    expect(md.headers['content-disposition']).toMatch(/^attachment; filename="lectio-notes-\d{4}-\d\d-\d\d\.md"$/);
    expect(md.body).toContain('# My Lectio notes');
    expect(md.body).toContain(
      '## Matthew\n\n- **Matthew 5:3-5**, Note: The Beatitudes\n  blessed are the poor\n- **Matthew 6:9**, Bookmark',
    );
    expect(md.body).toContain('## Philippians\n\n- **Philippians 4:13**, Highlight (pink)');

    const json = await read(c, '/api/notes/export?format=json');
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ format: 'lectio-notes', version: 1, exportedAt: expect.any(String) });
    expect(json.body.notes.map((n: { book: string; verse: number }) => `${n.book} ${n.verse}`)).toEqual([
      'matthew 3',
      'matthew 9',
      'philippians 13',
    ]);
    expect((await read(c, '/api/notes/export?format=pdf')).status).toBe(400);

    const other = await reader();
    const first = await other.post('/api/notes/import', json.body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ imported: 3, unchanged: 0 });
    expect((await other.post('/api/notes/import', json.body)).body).toEqual({ imported: 0, unchanged: 3 });
    const mine = await read(other, '/api/notes');
    expect(mine.body.notes.map((n: { text: string | null; kind: string }) => [n.kind, n.text])).toEqual([
      ['note', 'The Beatitudes\nblessed are the poor'],
      ['bookmark', null],
      ['highlight', null],
    ]);

    const bad = await other.post('/api/notes/import', { notes: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(notesMessages.badImport);
    const badVerse = await other.post('/api/notes/import', {
      ...json.body,
      notes: [{ ...json.body.notes[1], verse: 99 }],
    });
    expect(badVerse.status).toBe(400);
    expect(badVerse.body).toEqual({
      message: notesMessages.unknownVerse,
      errors: [{ field: 'notes.0.verse', message: notesMessages.unknownVerse }],
    });
  });

  it('“Download my data” holds the reader’s notes (the rows and the events with their words); support’s history of the account never shows the words', async () => {
    const c = await reader();
    const note = {
      id: randomUUID(),
      kind: 'note',
      book: 'james',
      chapter: 1,
      verse: 5,
      text: 'Ask for wisdom, privately.',
    };
    await c.post('/api/notes', note);
    const mine = await read(c, '/api/user/export');
    expect(mine.status).toBe(200);
    expect(mine.body.notes).toMatchObject([{ id: note.id, text: note.text }]);
    expect(mine.body.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'NoteSaved', data: expect.objectContaining({ text: note.text }) }),
      ]),
    );
    // How support reads the same event: the place and kind, not the words.
    const [saved] = await t.lectio.rt.store.readStream(streams.notes(await userIdOf(c)));
    const seen = describeEvent(saved!);
    expect(seen).toEqual({
      summary: 'note saved on James 1:5',
      data: expect.objectContaining({ kind: 'note', book: 'james', verse: 5 }),
    });
    expect(JSON.stringify(seen)).not.toContain('wisdom');
  });

  it('signed out: 401 on every call', async () => {
    const c = t.client('10.9.255.1');
    const id = randomUUID();
    for (const r of [
      await c.post('/api/notes', highlight({ id })),
      await c.get('/api/notes?book=john&chapter=3'),
      await c.delete(`/api/notes/${id}`),
      await c.get('/api/notes/export?format=markdown'),
      await c.post('/api/notes/import', { format: 'lectio-notes', version: 1, notes: [] }),
    ])
      expect(r.status).toBe(401);
  });
});

async function userIdOf(c: TestClient): Promise<string> {
  const me = await c.get('/api/user');
  return me.body.id;
}
