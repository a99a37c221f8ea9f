/**
 * `npm run bench`: every benchmark in turn, then one table of their results.
 *   npx tsx bench/run-all.ts
 * The tools they need (wrk, nginx, chromium) are checked first; a missing one stops the run
 * with a message naming it, before anything is started.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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
  { file: 'reference-scanners.ts', what: 'reference scanners on the checker cases', tools: [] },
  { file: 'reader-js.ts', what: 'reader first-load JavaScript', tools: ['chromium'] },
  { file: 'lighthouse.ts', what: 'Lighthouse mobile on /landing, /auth, /home, /account', tools: ['chromium'] },
  { file: 'readers.ts', what: '200 simulated readers for 60 s', tools: [] },
  { file: 'first-token.ts', what: "server time added to the model's first streamed token", tools: [] },
  { file: 'offline-bundle.ts', what: 'the whole New Testament offline after the first visit', tools: ['chromium'] },
  { file: 'projection-lag.ts', what: 'projection lag under command load', tools: [] },
];

const missing = [...new Set(BENCHES.flatMap((b) => missingTools(b.tools)))];
if (missing.length > 0) {
  const who = BENCHES.filter((b) => b.tools.some((t) => missing.includes(t))).map((b) => `bench/${b.file}`);
  console.error(`npm run bench ${missingToolsMessage(missing)} (for ${who.join(', ')}). Nothing was started.`);
  process.exit(2);
}
if (!existsSync(`${process.env.LECTIO_WEB_DIST ?? `${root}web/dist`}/index.html`)) {
  console.error('npm run bench needs the built web app for bench/reader-js.ts: run `npm run build:web` first. Nothing was started.');
  process.exit(2);
}

function run(bench: Bench): Promise<{ lines: string[]; ok: boolean; error?: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(`${root}node_modules/.bin/tsx`, [`${root}bench/${bench.file}`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
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
      resolve({ lines, ok: code === 0, error: code === 0 ? undefined : (lastError ?? `exit code ${code}`), seconds: (Date.now() - started) / 1000 });
    });
  });
}

const rows: [string, string][] = [];
for (const bench of BENCHES) {
  console.log(`\n== bench/${bench.file}: ${bench.what}`);
  const r = await run(bench);
  if (!r.ok) rows.push([bench.file, `FAILED: ${r.error}`]);
  r.lines.forEach((line, i) => rows.push([i === 0 && r.ok ? bench.file : '', line]));
  rows.push(['', `(${r.seconds.toFixed(0)} s)`]);
}

const width = Math.max(...rows.map(([b]) => b.length), 'benchmark'.length);
console.log(`\n| ${'benchmark'.padEnd(width)} | result |`);
console.log(`|${'-'.repeat(width + 2)}|--------|`);
for (const [b, line] of rows) console.log(`| ${b.padEnd(width)} | ${line.replace(/\|/g, '\\|')} |`);
process.exit(rows.some(([, l]) => l.startsWith('FAILED')) ? 1 : 0);
