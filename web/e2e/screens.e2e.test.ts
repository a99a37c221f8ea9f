import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { assistantPanel, newReader } from './assistant-readers';
import { e2eAvailable, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';
import { expectScreenshot } from './screenshot';

/*
 * What readers see, compared with committed screenshots at 390 and 1280 px in light and dark: /home
 * with the assistant open, the study panel, the verse toolbar on a phone, /notes and /support; and
 * axe on each. A panel covering the text, a toolbar cut off or a heading off the screen fails.
 * Names, e-mails and dates differ from run to run and are masked.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;

describe.skipIf(!e2eAvailable)('screenshots (chromium)', () => {
  let e2e: E2E;
  // One Premium reader and one member of staff for every shot (registrations are rate-limited per address).
  let reader: BrowserContext;
  let staff: BrowserContext;
  beforeAll(async () => {
    e2e = await startE2E();
    const s = await newReader(e2e, 'reader');
    await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'command-service/src/support/cli.ts'), 'grant', `${s.username}@example.com`],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: e2e.app.rt.config.DATA_DIR, DATABASE_URL: '' },
      },
    );
    staff = s.ctx;
    reader = (await newReader(e2e, 'premium')).ctx;
    // The offline download is held back, so no status comes and goes mid-shot.
    await reader.route('**/api/bible/bundle**', (route) => route.abort());
    for (const [i, note] of [
      { kind: 'highlight', book: 'john', chapter: 3, verse: 16, color: 'pink' },
      { kind: 'note', book: 'romans', chapter: 5, verse: 8, text: 'While we were yet sinners.' },
      { kind: 'bookmark', book: 'matthew', chapter: 5, verse: 3 },
    ].entries()) {
      const res = await reader.request.post('/api/notes', {
        data: { id: `00000000-0000-4000-8000-00000000000${i}`, ...note },
      });
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
  }, 120_000);
  afterAll(() => e2e?.close());

  async function open(ctx: BrowserContext, size: (typeof SIZES)[number], theme: (typeof THEMES)[number]) {
    const page = await ctx.newPage();
    await page.setViewportSize(size);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    return page;
  }
  const account = (page: Page) => page.getByRole('banner').getByRole('button', { name: /Account menu/ });
  /** Waits until the scroll to the verse in the address is over (scrollY unchanged for 300 ms). */
  const scrolled = async (page: Page) => {
    let last = -1;
    for (let i = 0; i < 20; i++) {
      await page.waitForTimeout(300);
      const y = await page.evaluate(() => window.scrollY);
      if (y === last && y > 0) return;
      last = y;
    }
  };
  const settle = (page: Page) => page.evaluate(() => document.fonts.ready).then(() => page.waitForTimeout(500));

  for (const size of SIZES)
    for (const theme of THEMES) {
      const at = `${size.width}-${theme}`;

      it(`${at}: /home with the assistant open on John 3:16, and the study panel`, async () => {
        const page = await open(reader, size, theme);
        await page.goto('/home?book=john&chapter=3&verse=16');
        await page.locator('#verse-16').waitFor();
        await scrolled(page);
        await page.getByRole('button', { name: 'Open Scripture Assistant' }).click();
        await assistantPanel(page).getByText('Ask anything about John 3:16', { exact: false }).waitFor();
        await settle(page);
        await expectScreenshot(page, `home-assistant-${at}`, { mask: [account(page)] });
        await expectNoSeriousA11yViolations(page);

        await page.getByRole('button', { name: 'Close Scripture Assistant panel' }).click();
        await page.locator('#verse-16').click();
        await page
          .getByRole('toolbar', { name: 'Verse actions for John 3:16' })
          .getByRole('button', { name: 'Study' })
          .click();
        const study = page.getByRole('complementary', { name: 'Study John 3:16' });
        await study.getByRole('region', { name: 'Topics' }).waitFor();
        await settle(page);
        await expectScreenshot(page, `study-${at}`, { mask: [account(page)] });
        await expectNoSeriousA11yViolations(page);
        await page.close();
      });

      if (size.width === 390)
        it(`${at}: the verse toolbar on a phone`, async () => {
          const page = await open(reader, size, theme);
          await page.goto('/home?book=john&chapter=3&verse=16');
          await page.locator('#verse-16').waitFor();
          await scrolled(page);
          await page.locator('#verse-16').click();
          await page
            .getByRole('toolbar', { name: 'Verse actions for John 3:16' })
            .getByRole('button', { name: 'More actions' })
            .waitFor();
          await settle(page);
          await expectScreenshot(page, `toolbar-${at}`, { mask: [account(page)] });
          await expectNoSeriousA11yViolations(page);
          await page.close();
        });

      it(`${at}: /notes with a highlight, a note and a bookmark`, async () => {
        const page = await open(reader, size, theme);
        await page.goto('/notes');
        await page.getByText('While we were yet sinners.').waitFor();
        await settle(page);
        await expectScreenshot(page, `notes-${at}`, { mask: [account(page), page.locator('time')] });
        await expectNoSeriousA11yViolations(page);
        await page.close();
      });

      it(`${at}: /support for staff`, async () => {
        const page = await open(staff, size, theme);
        await page.goto('/support');
        await page.getByRole('heading', { name: 'Support', exact: true }).waitFor();
        await settle(page);
        // The newest accounts differ from run to run: their list is masked, the page's frame is compared.
        await expectScreenshot(page, `support-${at}`, {
          mask: [account(page), page.getByRole('region', { name: /accounts/ }).getByRole('list')],
        });
        await expectNoSeriousA11yViolations(page);
        await page.close();
      });
    }
});
