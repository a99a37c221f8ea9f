/**
 * 200 simulated readers for 60 s on the embedded default (PGlite), each its own address and session,
 * in closed loops over loopback HTTP: a trial sign-up as /trial does it (the sandbox test card),
 * then reading New Testament chapters, asking that chapter's suggested questions (POST /api/chat with
 * the spec's payload, within the per-minute limit of questions), and now and then saving preferences and reading their user back with the
 * write's position. Prints requests/s, p50/p99 per kind of request, and the non-2xx answers.
 *   npx tsx bench/readers.ts              BENCH_SECONDS=15 BENCH_READERS=50 for a shorter run
 * Lectio runs as `npm start` does (production, in a process of its own), so the load generator
 * here does not share its event loop.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_RATE_LIMIT_PER_MINUTE, COMMUNICATION_STYLES, FAITH_JOURNEYS } from '@lectio/contracts/assistant';
import { BOOKS } from '@lectio/contracts/books';
import { HttpReader, Timings } from '@lectio/standalone/testing';
import { percentile } from '@lectio/platform/testing';
import { startServer } from './stall';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const readers = Number(process.env.BENCH_READERS ?? 200);
const NEW_TESTAMENT = BOOKS.slice(BOOKS.findIndex((b) => b.id === 'matthew'));
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

interface Question {
  id: string;
  text: string;
}

async function read(r: HttpReader, deadline: number, t: Timings) {
  try {
    let n = 0;
    const asked: number[] = [];
    // A reader asks within the per-minute limit a person meets (the 429 past it is not a failure to measure).
    const mayAsk = () => asked.filter((at) => at > Date.now() - 60_000).length < CHAT_RATE_LIMIT_PER_MINUTE;
    while (Date.now() < deadline) {
      const book = pick(NEW_TESTAMENT);
      const chapter = 1 + Math.floor(Math.random() * book.chapters);
      t.add('chapter', await r.get(`/api/bible/${book.id}/${chapter}`));
      const listed = await r.get(`/api/suggested-questions?book=${book.id}&chapter=${chapter}`);
      t.add('suggested-questions', listed);
      const questions = listed.status === 200 ? (JSON.parse(listed.text) as { questions: Question[] }).questions : [];
      if (questions.length > 0 && mayAsk() && Date.now() < deadline) {
        const q = pick(questions);
        asked.push(Date.now());
        t.add(
          'chat (suggested)',
          await r.post('/api/chat', { message: q.text, context: { book: book.id, chapter, verse: 1, verseText: '' } }),
        );
      }
      if (n++ % 5 === 0 && Date.now() < deadline) {
        t.add(
          'preferences',
          await r.post('/api/user/preferences', {
            faithJourney: pick(FAITH_JOURNEYS),
            communicationStyle: pick(COMMUNICATION_STYLES),
          }),
        );
        t.add('user (after a write)', await r.read('/api/user'));
      }
    }
  } finally {
    r.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
const server = await startServer({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' }, dir);
try {
  // Sign-ups first, 8 at a time (each costs a production scrypt hash), outside the measured window.
  const signUps = new Timings();
  const signUpStarted = Date.now();
  const signedUp: HttpReader[] = [];
  const queue = Array.from({ length: readers }, () => new HttpReader(server.port));
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let r = queue.pop(); r; r = queue.pop()) {
        const { ok, answers } = await r.trialSignUp();
        for (const a of answers) signUps.add('sign-up', a);
        if (ok) signedUp.push(r);
        else r.close();
      }
    }),
  );
  const signUpMs = signUps.byKind.get('sign-up') ?? [];
  console.log(
    `readers sign-up (trial with the sandbox card, 4 requests, 8 at a time): ${signedUp.length} of ${readers} in ${((Date.now() - signUpStarted) / 1000).toFixed(0)} s, ` +
      `request p50 ${percentile(signUpMs, 50).toFixed(0)} ms, p99 ${percentile(signUpMs, 99).toFixed(0)} ms, ${signUps.errors} non-2xx`,
  );

  const t = new Timings();
  const started = Date.now();
  const deadline = started + seconds * 1000;
  await Promise.all(signedUp.map((r) => read(r, deadline, t)));
  const elapsed = (Date.now() - started) / 1000;
  console.log(
    `readers: ${signedUp.length} for ${seconds} s on PGlite, ${Math.round(t.total / elapsed).toLocaleString('en-US')} requests/s, ${t.errors} non-2xx of ${t.total}`,
  );
  for (const [kind, ms] of t.byKind) {
    console.log(
      `readers ${kind}: ${ms.length} requests, p50 ${percentile(ms, 50).toFixed(1)} ms, p99 ${percentile(ms, 99).toFixed(1)} ms`,
    );
  }
  if (t.errors > 0) console.log(`readers non-2xx: ${[...t.errorsByKind].map(([k, n]) => `${k} x${n}`).join(', ')}`);
} catch (err) {
  console.error(`bench/readers.ts failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
