/**
 * The JavaScript the reader route (/home) loads first, gzipped, as a signed-in reader's browser
 * receives it (Debian chromium, cold cache, tutorial already seen).
 *   npx tsx bench/reader-js.ts            (--files lists each file's share)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startLectio } from '@lectio/standalone';

const dir = mkdtempSync(join(tmpdir(), 'lectio-bench-'));
const app = await startLectio({ NODE_ENV: 'test', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

async function measure(seenTutorial: boolean) {
  const ctx = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 } });
  await ctx.request.get('/api/dev-login');
  if (seenTutorial) await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
  const page = await ctx.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => undefined);
    if (body) scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/home?book=john&chapter=3');
  await page.locator('#verse-16').waitFor();
  await page.waitForLoadState('networkidle');
  await ctx.close();
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  if (process.argv.includes('--files'))
    for (const [path, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${path}`);
  return { total, files: scripts.size };
}

const returning = await measure(true);
const first = await measure(false);
console.log(
  `/home first-load JavaScript, gzipped: ${(returning.total / 1024).toFixed(1)} KB in ${returning.files} files (returning reader)`,
);
console.log(
  `/home first-load JavaScript, gzipped: ${(first.total / 1024).toFixed(1)} KB in ${first.files} files (first visit, tutorial dialog shown)`,
);
// Issue 28: within 10% of the 116.8 KB /home loaded before the Old Testament, side by side and Listen.
console.log(`goal: at most 128.5 KB (116.8 KB + 10%)`);
await browser.close();
await app.close();
rmSync(dir, { recursive: true, force: true });
