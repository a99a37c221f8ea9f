import { randomUUID } from 'node:crypto';
import { BOOKS } from '@lectio/contracts/books';
import { COMMUNICATION_STYLES, FAITH_JOURNEYS } from '@lectio/contracts/assistant';
import { NOTES_IMPORT_MAX, NOTES_PER_READER_MAX } from '@lectio/contracts/notes';
import { HttpReader, uniqueName } from '../testing/http-reader';

export interface SlowNeighbourResult {
  /** Neighbours' request times (ms) by kind, while the heavy reader worked. */
  during: Record<'chapter' | 'preferences', number[]>;
  /** The same before the heavy reader started. */
  before: Record<'chapter' | 'preferences', number[]>;
  /** Non-2xx answers the neighbours got. */
  failures: number;
  /** What the heavy reader did: each step's status, time and bytes. */
  heavy: { step: string; status: number; ms: number; bytes: number }[];
  /** The heavy reader's save past the notes limit: its status. */
  pastLimit: number;
}

const NEW_TESTAMENT = BOOKS;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** A note on a verse every translation has (chapter 1, verses 1-9 of any New Testament book). */
const noteAt = (i: number) => ({
  id: randomUUID(),
  kind: i % 3 === 0 ? 'note' : i % 3 === 1 ? 'highlight' : 'bookmark',
  book: NEW_TESTAMENT[i % NEW_TESTAMENT.length]!.id,
  chapter: 1,
  verse: (i % 9) + 1,
  color: i % 3 === 1 ? 'yellow' : null,
  text:
    i % 3 === 0
      ? `A thought about this verse, number ${i}, written at some length so the note is a real one. `.repeat(3)
      : null,
});

/**
 * One reader imports NOTES_PER_READER_MAX notes (in imports of NOTES_IMPORT_MAX) and downloads
 * them (JSON, Markdown and all their data) while `neighbours` other readers read chapters and
 * save preferences in closed loops; their request times before and during are what it measures.
 */
export async function slowNeighbour(
  port: number,
  options: { neighbours?: number; baselineMs?: number } = {},
): Promise<SlowNeighbourResult> {
  const count = options.neighbours ?? 50;
  // Each reader its own address (per-address sign-up limits) and session; signed up 8 at a time.
  const readers = Array.from({ length: count }, () => new HttpReader(port));
  const heavy = new HttpReader(port);
  const everyone = [heavy, ...readers];
  for (let i = 0; i < everyone.length; i += 8) {
    const answers = await Promise.all(everyone.slice(i, i + 8).map((r) => r.register(uniqueName('neighbour'))));
    const refused = answers.find((a) => a.status !== 201);
    if (refused) throw new Error(`registration answered ${refused.status}: ${refused.text}`);
  }

  const result: SlowNeighbourResult = {
    during: { chapter: [], preferences: [] },
    before: { chapter: [], preferences: [] },
    failures: 0,
    heavy: [],
    pastLimit: 0,
  };
  // An object: the loops read what the heavy reader's steps set.
  const now: { phase: 'before' | 'during' | 'done' } = { phase: 'before' };
  const phase = () => now.phase;
  const loops = readers.map(async (r, n) => {
    for (let i = n; phase() !== 'done'; i++) {
      const kind = i % 4 === 0 ? 'preferences' : 'chapter';
      const book = pick(NEW_TESTAMENT);
      const a =
        kind === 'chapter'
          ? await r.get(`/api/bible/${book.id}/${1 + Math.floor(Math.random() * book.chapters)}`)
          : await r.post('/api/user/preferences', {
              faithJourney: pick(FAITH_JOURNEYS),
              communicationStyle: pick(COMMUNICATION_STYLES),
            });
      if (a.status < 200 || a.status >= 300) result.failures++;
      const at = phase();
      if (at !== 'done') result[at][kind].push(a.ms);
    }
  });

  await new Promise((resolve) => setTimeout(resolve, options.baselineMs ?? 3_000));
  now.phase = 'during';
  try {
    const step = async (name: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
      const a = await heavy.request(method, path, body);
      result.heavy.push({ step: name, status: a.status, ms: a.ms, bytes: Buffer.byteLength(a.text) });
      if (a.status !== 200) throw new Error(`${name} answered ${a.status}`);
    };
    for (let i = 0; i < NOTES_PER_READER_MAX; i += NOTES_IMPORT_MAX) {
      const notes = Array.from({ length: NOTES_IMPORT_MAX }, (_, j) => noteAt(i + j));
      await step(`import ${i + NOTES_IMPORT_MAX}`, 'POST', '/api/notes/import', {
        format: 'lectio-notes',
        version: 1,
        notes,
      });
    }
    result.pastLimit = (await heavy.post('/api/notes', noteAt(NOTES_PER_READER_MAX))).status;
    await step('notes export (JSON)', 'GET', '/api/notes/export?format=json');
    await step('notes export (Markdown)', 'GET', '/api/notes/export?format=markdown');
    await step('all my data', 'GET', '/api/user/export');
  } finally {
    now.phase = 'done';
    await Promise.all(loops);
    everyone.forEach((r) => r.close());
  }
  return result;
}
