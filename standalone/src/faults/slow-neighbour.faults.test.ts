import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentile } from '@lectio/platform/testing';
import { LectioProcess } from '../testing/lectio-process';
import { slowNeighbour } from './slow-neighbour';

// One reader with the most notes a reader may keep must not slow anyone else. `npm run bench`
// (bench/slow-neighbour.ts) reports the figures on the compiled server; here the bound is generous
// (the sources through tsx, beside the rest of the suite on two cores).
let dir: string;
let server: LectioProcess;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lectio-neighbour-'));
  server = await LectioProcess.start({ NODE_ENV: 'test', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' }, dir);
}, 120_000);
afterAll(async () => {
  await server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The suite's bound, not the aim: before the fix one reader's save stalled everyone for 11-14 s. The
 * 250 ms aim is `npx tsx bench/slow-neighbour.ts`'s, on a quiet machine; here the scenario runs beside
 * the whole suite on two cores (preference saves measured 1.9 s p99 so, 0.4 s alone).
 */
const STALL_BOUND_MS = 3_000;

describe('a slow neighbour', () => {
  it('while one reader imports 10,000 notes and downloads them, 50 others read chapters and save preferences without a stall', async () => {
    const r = await slowNeighbour(server.port, { neighbours: 50 });
    const p99 = (xs: number[]) => Math.round(percentile(xs, 99));
    console.log(
      `slow neighbour (PGlite, sources): chapter p99 ${p99(r.before.chapter)} ms before, ${p99(r.during.chapter)} ms during; ` +
        `preferences p99 ${p99(r.before.preferences)} ms before, ${p99(r.during.preferences)} ms during; ` +
        r.heavy.map((h) => `${h.step} ${Math.round(h.ms)} ms`).join(', '),
    );
    expect(r.heavy.map((h) => h.status)).toEqual(r.heavy.map(() => 200));
    expect(r.pastLimit).toBe(409);
    expect(r.failures).toBe(0);
    expect(r.during.chapter.length).toBeGreaterThan(100);
    expect(p99(r.during.chapter)).toBeLessThan(STALL_BOUND_MS);
    expect(p99(r.during.preferences)).toBeLessThan(STALL_BOUND_MS);
  }, 300_000);
});
