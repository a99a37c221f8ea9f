/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on /landing, /auth,
 * and, signed in, /home and /account: performance and accessibility. Aims: performance >= 95,
 * accessibility 100; a page below either aim gets its failing audits listed.
 *   npx tsx bench/lighthouse.ts
 * Lectio runs as `npm start` does (production, in a process of its own) with the built web app;
 * Debian's chromium is driven by chrome-launcher, headless. Lighthouse simulates the phone by
 * multiplying the main-thread time it observes here by 4, so a busy machine (a lower benchmark
 * index, printed) shows more total blocking time.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { HttpReader, uniqueName } from './http-reader';
import { startServer } from './stall';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`bench/lighthouse.ts needs chromium at ${CHROMIUM} (apt-get install chromium), not found`);
  process.exit(2);
}
const webDist = process.env.LECTIO_WEB_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url));
if (!existsSync(join(webDist, 'index.html'))) {
  console.error('bench/lighthouse.ts needs the built web app: run `npm run build:web` first');
  process.exit(2);
}

/** Where the main thread's time went (Lighthouse's own breakdown, throttled) and the costliest scripts. */
function mainThread(audits: Record<string, { details?: unknown }>): string {
  const rows = (id: string) => {
    const details = audits[id]?.details;
    return details && typeof details === 'object' && 'items' in details && Array.isArray(details.items) ? details.items : [];
  };
  const field = (row: unknown, key: string) => (row && typeof row === 'object' && key in row ? Reflect.get(row, key) : undefined);
  const groups = rows('mainthread-work-breakdown')
    .slice(0, 3)
    .map((r) => `${String(field(r, 'groupLabel'))} ${Math.round(Number(field(r, 'duration')))} ms`);
  const scripts = rows('bootup-time')
    .slice(0, 2)
    .map((r) => `${String(field(r, 'url')).replace(/^https?:\/\/[^/]+/, '')} scripting ${Math.round(Number(field(r, 'scripting')))} ms`);
  return [...groups, ...scripts].join(', ');
}

const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/landing', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/account', signedIn: true },
];

const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
const server = await startServer({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' }, dir);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const reader = new HttpReader(server.port);
  const registered = await reader.register(uniqueName('lighthouse'));
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${registered.text}`);
  const cookie = reader.cookieHeader;
  reader.close();

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  for (const page of PAGES) {
    const result = await lighthouse(
      server.url + page.path,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
    const { categories, audits, runtimeError, environment } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${page.path}: ${runtimeError.code} ${runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const performance = score('performance');
    const accessibility = score('accessibility');
    const metric = (id: string) => audits[id]?.displayValue ?? '?';
    console.log(
      `lighthouse ${page.path} mobile: performance ${performance}, accessibility ${accessibility} ` +
        `(FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; ` +
        `benchmark index ${Math.round(environment.benchmarkIndex)})`,
    );
    // Below an aim: the audits of that category that cost points, worst first.
    for (const [id, aim] of [
      ['performance', 95],
      ['accessibility', 100],
    ] as const) {
      if (score(id) >= aim) continue;
      const failing = (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .sort((a, b) => b.weight * (1 - (audits[b.id]?.score ?? 1)) - a.weight * (1 - (audits[a.id]?.score ?? 1)))
        .slice(0, 5)
        .map((ref) => `${ref.id}${audits[ref.id]?.displayValue ? ` (${audits[ref.id]!.displayValue})` : ''}`);
      console.log(`lighthouse ${page.path} ${id} below ${aim}: ${failing.join(', ') || 'no single audit failed'}`);
      if (id === 'performance')
        console.log(`lighthouse ${page.path} main thread: ${mainThread(audits)}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
    }
  }
} catch (err) {
  console.error(`bench/lighthouse.ts failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  chrome?.kill();
  await server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
