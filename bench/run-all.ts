/**
 * `npm run bench`: every benchmark in turn, then one table of their results and the figures of
 * the embedded default next to PostgreSQL, each with its aim; all of it also in bench/results.json.
 *   npx tsx bench/run-all.ts
 * The tools they need (wrk, nginx, chromium) are checked first; a missing one stops the run
 * with a message naming it, before anything is started. The services are built (esbuild) before
 * the benchmarks that run `npm start`'s compiled server.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServices } from '../tools/build/services';
import type { SignedInResult, WrkResult } from './signed-in';
import { missingTools, missingToolsMessage } from './tools';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Bench {
  file: string;
  what: string;
  tools: string[];
}

const BENCHES: Bench[] = [
  { file: 'event-store.ts', what: 'append rate and projection lag', tools: [] },
  { file: 'chapter-api.ts', what: 'chapter API next to nginx', tools: ['wrk', 'nginx'] },
  { file: 'stall.ts', what: 'health probe under 400 bogus read-your-writes connections', tools: ['wrk'] },
  { file: 'search.ts', what: 'search latency', tools: [] },
  {
    file: 'assistant-offline.ts',
    what: 'offline assistant: server time per answer and the memory of its indexes',
    tools: [],
  },
  { file: 'reference-scanners.ts', what: 'reference scanners on the checker cases', tools: [] },
  { file: 'reader-js.ts', what: 'reader first-load JavaScript', tools: ['chromium'] },
  {
    file: 'signed-in.ts',
    what: 'signed-in reads, commands and resident memory, PGlite and PostgreSQL',
    tools: ['wrk'],
  },
  { file: 'lighthouse.ts', what: 'Lighthouse mobile on /landing, /auth, /home, /account', tools: ['chromium'] },
  { file: 'readers.ts', what: '200 simulated readers for 60 s', tools: [] },
  { file: 'first-token.ts', what: "server time added to the model's first streamed token", tools: [] },
  { file: 'offline-bundle.ts', what: 'the whole New Testament offline after the first visit', tools: ['chromium'] },
  { file: 'projection-lag.ts', what: 'projection lag under command load', tools: [] },
  { file: 'slow-neighbour.ts', what: '50 readers beside one importing and downloading 10,000 notes', tools: [] },
];

const missing = [...new Set(BENCHES.flatMap((b) => missingTools(b.tools)))];
if (missing.length > 0) {
  const who = BENCHES.filter((b) => b.tools.some((t) => missing.includes(t))).map((b) => `bench/${b.file}`);
  console.error(`npm run bench ${missingToolsMessage(missing)} (for ${who.join(', ')}). Nothing was started.`);
  process.exit(2);
}
if (!existsSync(`${process.env.LECTIO_WEB_DIST ?? `${root}web/dist`}/index.html`)) {
  console.error(
    'npm run bench needs the built web app for bench/reader-js.ts: run `npm run build:web` first. Nothing was started.',
  );
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), 'lectio-bench-all-'));
const resultFile = (bench: Bench) => join(scratch, `${bench.file}.json`);

function run(bench: Bench): Promise<{ lines: string[]; ok: boolean; error?: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(`${root}node_modules/.bin/tsx`, [`${root}bench/${bench.file}`], {
      cwd: root,
      env: { ...process.env, BENCH_RESULT_FILE: resultFile(bench) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('close', (code) => {
      const lines = out
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const lastError = err
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l && !l.startsWith('npm warn'))
        .pop();
      resolve({
        lines,
        ok: code === 0,
        error: code === 0 ? undefined : (lastError ?? `exit code ${code}`),
        seconds: (Date.now() - started) / 1000,
      });
    });
  });
}

console.log('== building the services (npm run build:services)');
await buildServices();

const rows: [string, string][] = [];
const runs: Record<string, Awaited<ReturnType<typeof run>>> = {};
for (const bench of BENCHES) {
  console.log(`\n== bench/${bench.file}: ${bench.what}`);
  const r = await run(bench);
  runs[bench.file] = r;
  if (!r.ok) rows.push([bench.file, `FAILED: ${r.error}`]);
  r.lines.forEach((line, i) => rows.push([i === 0 && r.ok ? bench.file : '', line]));
  rows.push(['', `(${r.seconds.toFixed(0)} s)`]);
}

const width = Math.max(...rows.map(([b]) => b.length), 'benchmark'.length);
console.log(`\n| ${'benchmark'.padEnd(width)} | result |`);
console.log(`|${'-'.repeat(width + 2)}|--------|`);
for (const [b, line] of rows) console.log(`| ${b.padEnd(width)} | ${line.replace(/\|/g, '\\|')} |`);

// The figures side by side: the embedded default (PGlite) next to PostgreSQL, each with its aim.
const signedIn: SignedInResult[] = existsSync(resultFile(BENCHES.find((b) => b.file === 'signed-in.ts')!))
  ? JSON.parse(readFileSync(resultFile(BENCHES.find((b) => b.file === 'signed-in.ts')!), 'utf8'))
  : [];
const of = (engine: string) => signedIn.find((r) => r.engine === engine);
const lite = of('PGlite');
const pg = of('PostgreSQL');
const nginxShare = /Lectio reaches (\d+)% of nginx/.exec(runs['chapter-api.ts']?.lines.join('\n') ?? '')?.[1];
const rate = (r: WrkResult | undefined, unit: string) =>
  r
    ? `${Math.round(r.rate).toLocaleString('en-US')} ${unit}, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failed ? `${r.failed} failed` : 'none failed'}`
    : 'not run';
const mark = (met: boolean | undefined) => (met === undefined ? '' : met ? ' (met)' : ' (not met)');
const table: { figure: string; pglite: string; postgresql: string; aim: string }[] = [
  {
    figure: 'signed-in GET /api/user, 64 connections (after 5 s of the same load)',
    pglite: rate(lite?.read, 'req/s'),
    postgresql: rate(pg?.read, 'req/s'),
    aim: `embedded p99 <= 100 ms and >= 0.5x PostgreSQL's rate${mark(lite && pg ? lite.read.p99 <= 100 && lite.read.rate >= 0.5 * pg.read.rate : undefined)}`,
  },
  {
    figure: 'the same, the first 5 s after start-up',
    pglite: rate(lite?.cold, 'req/s'),
    postgresql: rate(pg?.cold, 'req/s'),
    aim: 'the warm-up, for comparison',
  },
  {
    figure: 'the same load on GET /api/bible/books (no database: the floor this machine gives)',
    pglite: rate(lite?.floor, 'req/s'),
    postgresql: rate(pg?.floor, 'req/s'),
    aim: 'for reading the row above',
  },
  {
    figure: 'POST /api/user/preferences, 32 readers, 16 connections',
    pglite: rate(lite?.commands32, 'commands/s'),
    postgresql: rate(pg?.commands32, 'commands/s'),
    aim: `>= 500/s embedded, >= 1,000/s PostgreSQL, none failed${mark(lite && pg ? lite.commands32.rate >= 500 && pg.commands32.rate >= 1000 && !lite.commands32.failed && !pg.commands32.failed : undefined)}`,
  },
  {
    figure: "same, one reader's stream, 16 at once",
    pglite: rate(lite?.commandsOneStream, 'commands/s'),
    postgresql: rate(pg?.commandsOneStream, 'commands/s'),
    aim: `conflicts retried inside, never a failed request${mark(lite && pg ? !lite.commandsOneStream.failed && !pg.commandsOneStream.failed : undefined)}`,
  },
  {
    figure: 'chapter API vs nginx (same JSON)',
    pglite: nginxShare ? `${(Number(nginxShare) / 100).toFixed(2)}x (no database on this path)` : 'not run',
    postgresql: nginxShare ? 'the same path' : 'not run',
    aim: `>= 0.5x${mark(nginxShare ? Number(nginxShare) >= 50 : undefined)}`,
  },
  {
    figure:
      "resident memory idle, npm start's server process started again on its data (npm's launcher adds about 55 MB; the first start, which also creates the database, in brackets)",
    pglite: lite
      ? `${lite.idleRestartedMb.toFixed(0)} MB (first start ${lite.idleMb.toFixed(0)} MB, ${lite.idleAfterLoadMb.toFixed(0)} MB after the load)`
      : 'not run',
    postgresql: pg
      ? `${pg.idleRestartedMb.toFixed(0)} MB (first start ${pg.idleMb.toFixed(0)} MB, ${pg.idleAfterLoadMb.toFixed(0)} MB after the load)`
      : 'not run',
    aim: `<= 350 MB embedded, <= 250 MB PostgreSQL${mark(lite && pg ? lite.idleRestartedMb <= 350 && pg.idleRestartedMb <= 250 : undefined)}`,
  },
];
console.log(`\n| figure | embedded default (PGlite) | PostgreSQL | aim |\n|---|---|---|---|`);
for (const r of table) console.log(`| ${r.figure} | ${r.pglite} | ${r.postgresql} | ${r.aim} |`);
console.log(
  `(${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)} at the end: other work on the machine makes absolute numbers vary)`,
);

writeFileSync(
  join(root, 'bench/results.json'),
  `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cores: cpus().length, loadAverage: loadavg(), table, signedIn, runs }, null, 2)}\n`,
);
console.log('written to bench/results.json');
rmSync(scratch, { recursive: true, force: true });
process.exit(rows.some(([, l]) => l.startsWith('FAILED')) ? 1 : 0);
