/**
 * The offline assistant's server time per answer (no model configured: the default), and the memory
 * of what it loads: the question classifier, the dictionary and lexicon, and the BM25 indexes over
 * the verses and the library's prose. Questions of every kind from the classifier's training set
 * (tools/questions/corpus/, never the held-out sets), each asked with a highlighted verse.
 *   npx tsx bench/assistant-offline.ts [rounds=3]
 * Aim: p95 at most 100 ms.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createLibraryAssistant } from '@lectio/command-service';
import { percentile } from '@lectio/platform/testing';

const rounds = Number(process.argv[2] ?? 3);
const corpus = new URL('../tools/questions/corpus/', import.meta.url);
const questions = readdirSync(corpus)
  .filter((f) => f.endsWith('.txt'))
  .sort()
  .flatMap((f) =>
    readFileSync(new URL(f, corpus), 'utf8')
      .split('\n')
      .filter(Boolean)
      .filter((_, i) => i % 4 === 0),
  );
const places: [string, number, number][] = [
  ['john', 3, 16],
  ['romans', 8, 28],
  ['matthew', 5, 3],
  ['psalms', 23, 1],
];
const port = createLibraryAssistant();
const answer = async (text: string, i: number) => {
  const [book, chapter, verse] = places[i % places.length]!;
  const prepared = await port.prepare({
    text,
    context: { book, chapter, verse, verseText: '' },
    preferences: { faithJourney: null, communicationStyle: null },
    translation: 'web',
    earlier: i % 5 === 0 ? [{ question: 'What does this verse mean?', answer: '' }] : [],
  });
  return (await prepared.answer({ maxOutputTokens: 0 })).text;
};

global.gc?.();
const before = process.memoryUsage();
const warmStarted = performance.now();
// The first answers load the model and build the indexes, as the server's warm-up does before the first reader.
for (const [i, q] of questions.entries()) await answer(q, i);
const warmSeconds = (performance.now() - warmStarted) / 1000;
global.gc?.();
const after = process.memoryUsage();
const times: number[] = [];
for (let r = 0; r < rounds; r++)
  for (const [i, q] of questions.entries()) {
    const t = performance.now();
    await answer(q, i);
    times.push(performance.now() - t);
  }
times.sort((a, b) => a - b);
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
const p95 = percentile(times, 95);
const lines = [
  `offline answer, server time over ${times.length} answers (${questions.length} questions of 12 kinds): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (aim p95 <= 100 ms)`,
  `loaded on first use in ${warmSeconds.toFixed(1)} s: heap +${mb(after.heapUsed - before.heapUsed)}, resident +${mb(after.rss - before.rss)} (classifier, dictionary, lexicon, BM25 indexes)`,
];
for (const line of lines) console.log(line);
if (process.env.BENCH_RESULT_FILE)
  writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify({ p95, heapBytes: after.heapUsed - before.heapUsed }));
