/**
 * The whole New Testament offline after the first visit: a signed-in reader's first /home in
 * Debian chromium (cold cache, loopback, no throttling), timed from navigation to the reader's own
 * cache record saying fully loaded and the page showing 'Saved for offline reading'; bytes are what
 * the network carried for the page, its service worker and the bundle (as received, compressed).
 *   npx tsx bench/offline-bundle.ts
 * Lectio runs as `npm start` does (production, in a process of its own) with the built web app.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Request } from 'playwright-core';
import { uniqueName } from '@lectio/standalone/testing';
import { startServer } from './stall';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.error(`bench/offline-bundle.ts needs chromium at ${CHROMIUM} (apt-get install chromium), not found`);
  process.exit(2);
}
if (
  !existsSync(join(process.env.LECTIO_WEB_DIST ?? fileURLToPath(new URL('../web/dist', import.meta.url)), 'index.html'))
) {
  console.error('bench/offline-bundle.ts needs the built web app: run `npm run build:web` first');
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
const server = await startServer({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' }, dir);
let browser: Browser | undefined;
try {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const ctx = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  // Signed in (the session cookie lands in the browser's jar), tutorial already seen.
  const name = uniqueName('offline');
  const password = 'Psalm-23:1 shepherd';
  const registered = await ctx.request.post('/api/register', {
    data: { username: name, email: `${name}@example.com`, password, confirmPassword: password },
  });
  if (registered.status() !== 201) throw new Error(`registration answered ${registered.status()}`);
  await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));

  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  const count = (r: Request) =>
    sizes.push(
      r.sizes().then(
        (s) => ({ url: r.url(), bytes: s.responseBodySize + s.responseHeadersSize }),
        () => ({ url: r.url(), bytes: 0 }),
      ),
    );
  ctx.on('requestfinished', count);
  let bundleAsked = NaN;
  let started = NaN;
  ctx.on('request', (r) => {
    if (Number.isNaN(bundleAsked) && new URL(r.url()).pathname === '/api/bible/bundle')
      bundleAsked = performance.now() - started;
  });
  const page = await ctx.newPage();
  started = performance.now();
  await page.goto('/home?book=matthew&chapter=1');
  await page.waitForFunction(
    () => JSON.parse(localStorage.getItem('bibleCache') ?? '{}').isFullyLoaded === true,
    undefined,
    { timeout: 120_000 },
  );
  const recorded = performance.now() - started;
  await page.getByText('Saved for offline reading').waitFor({ timeout: 60_000 });
  const shown = performance.now() - started;
  await page.waitForLoadState('networkidle');
  ctx.off('requestfinished', count);
  const all = await Promise.all(sizes);
  const total = all.reduce((n, s) => n + s.bytes, 0);
  const bundle = all.filter((s) => new URL(s.url).pathname === '/api/bible/bundle').reduce((n, s) => n + s.bytes, 0);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `offline New Testament, first visit: fully loaded in ${(recorded / 1000).toFixed(2)} s ('Saved for offline reading' shown at ${(shown / 1000).toFixed(2)} s); ` +
      `${((recorded - bundleAsked) / 1000).toFixed(2)} s from the bundle's request, which the reader makes 2 s after it opens`,
  );
  console.log(
    `offline New Testament, bytes transferred: ${mb(total)} in ${all.length} requests, of which the bundle ${mb(bundle)}`,
  );
  await ctx.close();
} catch (err) {
  console.error(`bench/offline-bundle.ts failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await browser?.close();
  await server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
