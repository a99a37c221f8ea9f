import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { e2eAvailable, startE2E, type E2E } from './harness';

/** Hardening found in the browser (focus, small screens, corrected addresses, copying, tooltips), in Debian's Chromium. */
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

  const headingText = async (page: Page) =>
    ((await page.locator('#chapter-heading').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  const focused = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

  it.each(['Escape', 'Close verse actions'])(
    'after Enter on a verse number, %s returns focus to the verse',
    async (how) => {
      const { page } = await reader();
      await page.goto('/home?book=john&chapter=3');
      await expect.poll(() => headingText(page)).toMatch(/John 3/i);
      await page.getByRole('button', { name: 'Highlight verse 16' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).not.toBe('Highlight verse 16');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null))
        .toBe(true);
      if (how === 'Escape') await page.keyboard.press('Escape');
      else {
        await page.getByRole('button', { name: 'Close verse actions' }).focus();
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => page.getByRole('toolbar').count()).toBe(0);
      await expect.poll(() => focused(page)).toBe('Highlight verse 16');
      await page.waitForTimeout(300);
      expect(await focused(page)).toBe('Highlight verse 16');
    },
  );

  it('a verse clicked with the mouse, its bar reached from the keyboard, Escape: focus returns to the verse', async () => {
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

  /** The header's boxes for a link: one line of text that fits inside its button and the screen. */
  async function measure(page: Page, name: string) {
    return page
      .getByRole('banner')
      .getByRole('link', { name, exact: true })
      .evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        const box = el.getBoundingClientRect();
        const text = range.getBoundingClientRect();
        return {
          lines: lines.size,
          fits: text.left >= box.left - 0.5 && text.right <= box.right + 0.5 && el.scrollWidth <= el.clientWidth + 1,
          right: box.right,
          height: box.height,
        };
      });
  }

  it.each(['/landing', '/no-such-page'])(
    'signed out at 390 px, Sign In and Get Started stay on one line inside their buttons on %s',
    async (path) => {
      const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(path);
      await page.getByRole('banner').getByRole('link', { name: 'Get Started', exact: true }).waitFor();
      for (const name of ['Sign In', 'Get Started']) {
        const m = await measure(page, name);
        expect(m.lines, name).toBe(1);
        expect(m.fits, name).toBe(true);
        expect(m.right, name).toBeLessThanOrEqual(390);
        expect(m.height, name).toBeLessThanOrEqual(36);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
  );

  it('/home?book=jude&chapter=9 shows Jude 1 and the address says chapter=1, replacing the wrong one', async () => {
    const { page } = await reader();
    await page.goto('/landing');
    await page.goto('/home?book=jude&chapter=9');
    await expect.poll(() => headingText(page)).toMatch(/Jude 1/i);
    await expect.poll(() => new URL(page.url()).searchParams.get('chapter')).toBe('1');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/landing');
  });

  it('copying Philippians 4:4 does not nest quotation marks', async () => {
    const { ctx, page } = await reader();
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.baseUrl });
    await page.goto('/home?book=philippians&chapter=4');
    await expect.poll(() => headingText(page)).toMatch(/Philippians 4/i);
    await page.locator('#verse-4 span').last().click();
    await page
      .getByRole('toolbar', { name: 'Verse actions for Philippians 4:4' })
      .getByRole('button', { name: 'Copy', exact: true })
      .click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe('“Rejoice in the Lord always! Again I will say, ‘Rejoice!’” Philippians 4:4 (WEB)');
  });

  it('the help and theme buttons show their tooltip after 700 ms of hover, not before', async () => {
    const page = await e2e.newPage();
    await page.goto('/landing');
    for (const name of ['Help and tutorial', /^Theme: /]) {
      const button = page.getByRole('banner').getByRole('button', { name });
      // The first hover fetches the header's menus; once the real (react-aria) button is in place and
      // anything it opened has closed, hover again on it.
      await button.hover();
      await expect.poll(() => button.getAttribute('data-rac'), { timeout: 10_000 }).not.toBeNull();
      await page.mouse.move(5, 400);
      await page.getByRole('tooltip').waitFor({ state: 'detached', timeout: 5000 });
      await page.waitForTimeout(1500);
      await button.hover();
      const started = Date.now();
      await page.waitForTimeout(350);
      expect(await page.getByRole('tooltip').count()).toBe(0);
      await page.getByRole('tooltip').waitFor({ timeout: 10_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(650);
      expect(await page.getByRole('tooltip').innerText()).toMatch(
        typeof name === 'string' ? name : /^Theme: (light|dark|system)$/,
      );
      await page.mouse.move(5, 400);
      await page.getByRole('tooltip').waitFor({ state: 'detached', timeout: 3000 });
    }
  });

  it('the header menu toggle shows on small screens outside /home and opens the header links', async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    for (const path of ['/landing', '/no-such-page']) {
      await page.goto(path);
      const toggle = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
      await toggle.waitFor();
      expect(await toggle.isVisible()).toBe(true);
    }
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('menu', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Bible Reader', 'Sign In']);
    const wide = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
    await wide.goto('/landing');
    await wide.getByRole('banner').getByRole('link', { name: 'Get Started', exact: true }).waitFor();
    expect(await wide.getByRole('banner').getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
  });

  it('the assistant promo does not offer Sign In to a reader who is signed in (/home needs a session, so a visitor never sees it there)', async () => {
    const { page } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await expect.poll(() => headingText(page)).toMatch(/John 3/i);
    await page.getByRole('button', { name: 'Open Scripture Assistant' }).click();
    const panel = page.getByRole('complementary', { name: 'Scripture Assistant' });
    await panel.getByRole('link', { name: 'Get 14 Days Free' }).waitFor();
    expect(await panel.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
  });

  it('after a write the app sends its position on reads about the reader, never on the Bible text', async () => {
    const ctx = await e2e.newContext();
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    const page = await ctx.newPage();
    const sent: Array<{ path: string; position: string | undefined }> = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/') && r.method() === 'GET')
        sent.push({ path: url.pathname, position: r.headers()['x-lectio-min-position'] });
    });
    await page.goto('/dev-login');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).not.toBe('/dev-login');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Bible Reader/ })
      .click();
    await expect.poll(() => headingText(page)).toMatch(/\w+ \d+/);
    await expect.poll(() => sent.filter((s) => s.path.startsWith('/api/bible/')).length).toBeGreaterThan(0);
    expect(sent.filter((s) => s.path.startsWith('/api/bible/') && s.position !== undefined)).toEqual([]);
    expect(sent.some((s) => s.path === '/api/user' && s.position !== undefined)).toBe(true);
  });
});
