/**
 * A slow neighbour: one reader imports the most notes a reader may keep (10,000, in imports of
 * 2,000) and downloads them (JSON, Markdown, all my data) while 50 other readers read chapters
 * and save preferences in closed loops. Prints the neighbours' p50/p99 before and during, and
 * each of the heavy reader's steps. Aim: the neighbours' p99 under 250 ms during.
 *   npx tsx bench/slow-neighbour.ts
 * On PGlite (the embedded default) and PostgreSQL, the compiled server as `npm start` runs it, in
 * a process of its own. The fault suite runs the same scenario (standalone/src/faults/slow-neighbour.faults.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { percentile } from '@lectio/platform/testing';
import { slowNeighbour } from '@lectio/standalone/testing';
import { onBothEngines } from './both-engines';
import { startServer } from './stall';

const results: { engine: string; chapterP99: number; preferencesP99: number }[] = [];
const ms = (xs: number[], p: number) => `${Math.round(percentile(xs, p))}`;

await onBothEngines('slow-neighbour.ts', 'slow neighbour', async (engine, env, dir) => {
  const server = await startServer({ ...env, LOG_LEVEL: 'warn' }, dir);
  try {
    const r = await slowNeighbour(server.port, { neighbours: 50 });
    for (const kind of ['chapter', 'preferences'] as const) {
      console.log(
        `slow neighbour ${engine} ${kind}: p50/p99 ${ms(r.before[kind], 50)}/${ms(r.before[kind], 99)} ms before, ` +
          `${ms(r.during[kind], 50)}/${ms(r.during[kind], 99)} ms during (${r.during[kind].length} requests; aim p99 < 250 ms)`,
      );
    }
    console.log(
      `slow neighbour ${engine} heavy reader: ${r.heavy.map((h) => `${h.step} ${Math.round(h.ms)} ms${h.bytes > 1000 ? ` (${(h.bytes / 1e6).toFixed(1)} MB)` : ''}`).join(', ')}; ` +
        `one more note: ${r.pastLimit}; neighbours' failures: ${r.failures}`,
    );
    results.push({
      engine,
      chapterP99: percentile(r.during.chapter, 99),
      preferencesP99: percentile(r.during.preferences, 99),
    });
  } finally {
    await server.kill('SIGTERM');
  }
});
if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(results));
