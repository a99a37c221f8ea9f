import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';
import { required } from '@lectio/platform/testing';
import { type Lectio, startLectio } from '@lectio/standalone';
import { warmAssistantLibrary } from '@lectio/library';

/**
 * End-to-end tests: the real server (standalone, embedded engines, a fresh data dir) and Debian's
 * Chromium driven by playwright-core. Without Chromium they skip, unless REQUIRE_E2E=1.
 */
/** Where an element is on the page; a test that measures one it cannot see fails there. */
export async function boxOf(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not visible');
  return b;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const e2eAvailable = (() => {
  if (existsSync(CHROMIUM)) return true;
  if (required('E2E')) throw new Error(`REQUIRE_E2E=1 but there is no Chromium at ${CHROMIUM}`);
  console.warn(`[skipped] end-to-end tests: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
  return false;
})();

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the web app once if it is missing (CI builds it before the tests). */
export function ensureWebBuilt() {
  if (existsSync(join(process.env.LECTIO_WEB_DIST ?? join(ROOT, 'web/dist'), 'index.html'))) return;
  execSync('npm run build:web', { cwd: ROOT, stdio: 'inherit' });
}

export interface E2E {
  app: Lectio;
  browser: Browser;
  baseUrl: string;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  newPage(options?: BrowserContextOptions): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The app in this process and Chromium. `warmAssistant`: the library's models and indexes loaded
 * first, as a production server does before it listens (the app here runs as NODE_ENV=test).
 */
export async function startE2E(
  env: Record<string, string> = {},
  options: { warmAssistant?: boolean } = {},
): Promise<E2E> {
  ensureWebBuilt();
  if (options.warmAssistant) warmAssistantLibrary();
  const dataDir = mkdtempSync(join(tmpdir(), 'lectio-e2e-'));
  const app = await startLectio({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const contexts: BrowserContext[] = [];
  const newContext = async (options: BrowserContextOptions = {}) => {
    const ctx = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 900 }, ...options });
    ctx.setDefaultTimeout(10_000);
    contexts.push(ctx);
    return ctx;
  };
  return {
    app,
    browser,
    baseUrl: app.url,
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe in the page (evaluate is not subject to the page's CSP) and returns its violations, of `rules` only when given. */
async function axeViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return (await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: unknown[] }> } })
      .axe;
    const r = await axe.run(document, {
      resultTypes: ['violations'],
      ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
    });
    return r.violations;
  }, rules)) as AxeViolation[];
}

const describeViolations = (violations: AxeViolation[]) =>
  violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );

/** Fails on serious or critical axe findings. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const violations = await axeViolations(page);
  expect(describeViolations(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))).toEqual([]);
}

/** Fails on any text that axe finds below WCAG AA contrast (4.5:1, 3:1 for large text), naming each element. */
export async function expectNoContrastIssues(page: Page, where: string) {
  const violations = await axeViolations(page, ['color-contrast']);
  const nodes = violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
  );
  expect(nodes, where).toEqual([]);
}
