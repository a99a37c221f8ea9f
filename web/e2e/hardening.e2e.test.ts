import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { e2eAvailable, startE2E, type E2E } from './harness';

/** Issue 7, the items found in the browser (10 to 16, search excepted), in Debian's Chromium. */
describe.skipIf(!e2eAvailable)('hardening end to end', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  async function reader(options: BrowserContextOptions = {}): Promise<{ ctx: BrowserContext; page: Page }> {
    const ctx = await e2e.newContext(options);
    expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    return { ctx, page: await ctx.newPage() };
  }

  const headingText = async (page: Page) => ((await page.locator('#chapter-heading').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

  it.each(['Escape', 'Close verse actions'])('item 10: after Enter on a verse number, %s returns focus to the verse', async (how) => {
    const { page } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await expect.poll(() => headingText(page)).toMatch(/John 3/i);
    await page.getByRole('button', { name: 'Highlight verse 16' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).not.toBe('Highlight verse 16');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null)).toBe(true);
    if (how === 'Escape') await page.keyboard.press('Escape');
    else {
      await page.getByRole('button', { name: 'Close verse actions' }).focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => page.getByRole('toolbar').count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('Highlight verse 16');
    await page.waitForTimeout(300);
    expect(await focused(page)).toBe('Highlight verse 16');
  });

  it('item 10: a verse clicked with the mouse, its bar reached from the keyboard, Escape: focus returns to the verse', async () => {
    const { page } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await expect.poll(() => headingText(page)).toMatch(/John 3/i);
    await page.locator('#verse-16 span').last().click();
    const toolbar = page.getByRole('toolbar', { name: 'Verse actions for John 3:16' });
    await toolbar.waitFor();
    await toolbar.getByRole('button', { name: 'Copy link' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('toolbar').count()).toBe(0);
    await expect.poll(() => focused(page)).toBe('Highlight verse 16');
  });
});
