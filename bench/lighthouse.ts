/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) on /landing, /auth,
 * and, signed in, /home and /account: performance and accessibility. Aims: performance >= 95,
 * accessibility 100; a page below either aim gets its failing audits listed. Each page is measured
 * LIGHTHOUSE_RUNS times (3 by default) and the median run is reported: one run on a shared machine
 * swings by 10 points. Paths given as arguments measure only those pages; LIGHTHOUSE_REPORTS=<dir>
 * keeps every run's full report there (JSON) to read its opportunities and diagnostics.
 *   npx tsx bench/lighthouse.ts [/landing /auth /home /account]
 * Lectio runs as `npm start` does (production, in a process of its own) with the built web app;
 * Debian's chromium is driven by chrome-launcher, headless. Lighthouse simulates the phone by
 * multiplying the main-thread time it observes here by 4, so a busy machine (a lower benchmark
 * index, printed) shows more total blocking time.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { HttpReader, uniqueName } from '@lectio/standalone/testing';
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
    return details && typeof details === 'object' && 'items' in details && Array.isArray(details.items)
      ? details.items
      : [];
  };
  const field = (row: unknown, key: string) =>
    row && typeof row === 'object' && key in row ? Reflect.get(row, key) : undefined;
  const groups = rows('mainthread-work-breakdown')
    .slice(0, 3)
    .map((r) => `${String(field(r, 'groupLabel'))} ${Math.round(Number(field(r, 'duration')))} ms`);
  const scripts = rows('bootup-time')
    .slice(0, 2)
    .map(
      (r) =>
        `${String(field(r, 'url')).replace(/^https?:\/\/[^/]+/, '')} scripting ${Math.round(Number(field(r, 'scripting')))} ms`,
    );
  return [...groups, ...scripts].join(', ');
}

const ALL_PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/landing', signedIn: false },
  { path: '/auth', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/account', signedIn: true },
];
const asked = process.argv.slice(2);
const unknown = asked.filter((path) => !ALL_PAGES.some((page) => page.path === path));
if (unknown.length > 0) {
  console.error(`bench/lighthouse.ts measures ${ALL_PAGES.map((p) => p.path).join(', ')}; not ${unknown.join(', ')}`);
  process.exit(2);
}
const PAGES = asked.length > 0 ? ALL_PAGES.filter((page) => asked.includes(page.path)) : ALL_PAGES;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a whole number of at least 1, not ${process.env.LIGHTHOUSE_RUNS}`);
  process.exit(2);
}
const reportsDir = process.env.LIGHTHOUSE_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });
const AIMS = { performance: 95, accessibility: 100 } as const;
/** The median of a list of numbers (the lower middle one for an even count: the more cautious figure). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const summary: string[] = [];

const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
const server = await startServer({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' }, dir);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const reader = new HttpReader(server.port);
  const registered = await reader.register(uniqueName('lighthouse'));
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}: ${registered.text}`);
  const cookie = reader.cookieHeader;
  reader.close();

  /**
   * One Lighthouse run, in a browser of its own: every run is a first visit. (Lighthouse clears Cache
   * Storage between runs but keeps localStorage, so a second run in one browser saw a reader whose
   * record says the Bible is kept offline with nothing kept: a state no first visit has.) A run that
   * failed to record its trace (NO_NAVSTART and the like, on a loaded machine) is run again, twice at most.
   */
  const measure = async (
    path: string,
    withCookie: string | null,
    attempt = 1,
  ): Promise<NonNullable<Awaited<ReturnType<typeof lighthouse>>>> => {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const result = await lighthouse(
      server.url + path,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(withCookie ? { extraHeaders: { Cookie: withCookie } } : {}),
      },
      undefined,
    );
    chrome.kill();
    chrome = undefined;
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result;
    if (attempt < 3) {
      console.log(`lighthouse ${path}: ${runtimeError.code}, measuring again`);
      return measure(path, withCookie, attempt + 1);
    }
    throw new Error(`Lighthouse on ${path}: ${runtimeError.code} ${runtimeError.message}`);
  };
  for (const page of PAGES) {
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await measure(page.path, page.signedIn ? cookie : null);
      const { categories, audits, environment } = result.lhr;
      if (reportsDir) writeFileSync(join(reportsDir, `${page.path.slice(1)}-${run}.json`), JSON.stringify(result.lhr));
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => audits[id]?.displayValue ?? '?';
      runs.push({
        categories,
        audits,
        score,
        performance: score('performance'),
        accessibility: score('accessibility'),
      });
      console.log(
        `lighthouse ${page.path} run ${run}/${RUNS}: performance ${score('performance')}, accessibility ${score('accessibility')} ` +
          `(FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}; ` +
          `benchmark index ${Math.round(environment.benchmarkIndex)}, load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
      );
    }
    const performance = median(runs.map((r) => r.performance));
    const accessibility = median(runs.map((r) => r.accessibility));
    const line =
      `lighthouse ${page.path} mobile, median of ${RUNS}: performance ${performance} (aim ${AIMS.performance}), ` +
      `accessibility ${accessibility} (aim ${AIMS.accessibility})` +
      (performance >= AIMS.performance && accessibility >= AIMS.accessibility ? ', both met' : ', below an aim');
    console.log(line);
    summary.push(line);
    // Below an aim: the audits of that category that cost points in the median run, worst first.
    for (const id of ['performance', 'accessibility'] as const) {
      const aim = AIMS[id];
      const figure = id === 'performance' ? performance : accessibility;
      if (figure >= aim) continue;
      const { categories, audits } = runs.find((r) => r[id] === figure)!;
      const failing = (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .sort((a, b) => b.weight * (1 - (audits[b.id]?.score ?? 1)) - a.weight * (1 - (audits[a.id]?.score ?? 1)))
        .slice(0, 5)
        .map((ref) => `${ref.id}${audits[ref.id]?.displayValue ? ` (${audits[ref.id]!.displayValue})` : ''}`);
      console.log(`lighthouse ${page.path} ${id} below ${aim}: ${failing.join(', ') || 'no single audit failed'}`);
      if (id === 'performance') console.log(`lighthouse ${page.path} main thread: ${mainThread(audits)}`);
    }
  }
  // The figures again, together, after the per-run detail.
  for (const line of summary) console.log(line);
} catch (err) {
  console.error(`bench/lighthouse.ts failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  chrome?.kill();
  await server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
