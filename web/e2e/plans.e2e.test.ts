import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, expectNoContrastIssues, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

/** A reading plan followed in Debian's Chromium against the real server. */
describe.skipIf(!e2eAvailable)('reading plans end to end', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  const headingText = async (page: Page) =>
    ((await page.locator('#chapter-heading').textContent()) ?? '').replace(/\s+/g, ' ').trim();

  it('starts the Gospels in 30 days, follows today’s reading to the chapter, marks the day done and is offered the next day', async () => {
    const ctx = await e2e.newContext();
    expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });

    // No plan yet: the panel offers the plans, and the card's code is not loaded.
    await page.goto('/home?book=john&chapter=3');
    const panel = page.getByRole('navigation', { name: 'Bible navigation panel' });
    const plansLink = panel.getByRole('link', { name: 'Reading plans' });
    await plansLink.waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /TodayReading-/.test(s))).toEqual([]);

    await plansLink.click();
    await page.getByRole('heading', { level: 1, name: 'Reading plans' }).waitFor();
    await page.getByRole('heading', { name: 'The New Testament in 90 days' }).waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'The Gospels in 30 days' }).innerText()).toContain(
      '30 days',
    );
    await expectNoSeriousA11yViolations(page);

    // Started from the keyboard; the reader opens with the day's chapters in its panel.
    await page.getByRole('button', { name: 'Start The Gospels in 30 days' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/home\?/);
    const today = page.getByRole('region', { name: "Today's reading" });
    await today.getByText('The Gospels in 30 days · Day 1 of 30').waitFor();
    expect(await today.getByRole('list', { name: 'Day 1 chapters' }).getByRole('link').allInnerTexts()).toEqual([
      'Matthew 1',
      'Matthew 2',
    ]);

    // Following the reading opens the chapter, marked as the one on screen.
    await today.getByRole('link', { name: 'Matthew 2' }).click();
    await page.waitForURL(/book=matthew&chapter=2/);
    await expect.poll(() => headingText(page)).toMatch(/Matthew\s+2/i);
    await page.locator('#verse-1').getByText('Bethlehem', { exact: false }).waitFor();
    expect(await today.getByRole('link', { name: 'Matthew 2' }).getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11yViolations(page);

    // Marked done from the keyboard: day 2 is offered.
    await today.getByRole('button', { name: 'Mark day 1 done' }).focus();
    await page.keyboard.press('Enter');
    await today.getByText('The Gospels in 30 days · Day 2 of 30').waitFor();
    expect(await today.getByRole('list', { name: 'Day 2 chapters' }).getByRole('link').allInnerTexts()).toEqual([
      'Matthew 3',
      'Matthew 4',
      'Matthew 5',
    ]);
    await today.getByRole('button', { name: 'Mark day 2 done' }).waitFor();
    expect(await today.innerText()).toContain('1 of 30 days read');

    // The progress is the server's: after a reload the reader is still on day 2.
    await expect
      .poll(async () => (await (await page.request.get('/api/plans/current')).json()).day, { timeout: 10_000 })
      .toBe(2);
    await page.reload();
    await today.getByText('The Gospels in 30 days · Day 2 of 30').waitFor();
    expect(scripts.filter((s) => /TodayReading-/.test(s)).length).toBeGreaterThan(0);

    // The plans page shows the plan followed and how far.
    await today.getByRole('link', { name: /All plans/ }).click();
    const following = page.getByRole('listitem').filter({ hasText: 'The Gospels in 30 days' });
    await following.getByText('following: 1 of 30 days read', { exact: false }).waitFor();
    await following.getByRole('link', { name: 'Continue The Gospels in 30 days' }).waitFor();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: the plans page and the card read at WCAG AA contrast, on a phone (the card in the panel's drawer) and a desktop`, async () => {
      for (const width of [390, 1280]) {
        const ctx = await e2e.newContext({
          colorScheme: theme,
          reducedMotion: 'reduce',
          viewport: { width, height: 900 },
        });
        expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
        await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
        expect((await ctx.request.post('/api/plans/new-testament-90/start')).ok()).toBe(true);
        const page = await ctx.newPage();
        await page.goto('/plans');
        await page.getByRole('link', { name: 'Continue The New Testament in 90 days' }).waitFor();
        await page.waitForTimeout(400);
        await expectNoContrastIssues(page, `${theme} /plans at ${width} px`);
        await page.goto('/home?book=matthew&chapter=1');
        if (width < 1025) await page.getByRole('button', { name: 'Show navigation' }).click();
        const today = page.getByRole('region', { name: "Today's reading" });
        await today.getByRole('button', { name: /^Mark day \d+ done$/ }).waitFor();
        await page.waitForTimeout(400);
        await expectNoContrastIssues(page, `${theme} /home with today's reading at ${width} px`);
        await expectNoSeriousA11yViolations(page);
        await ctx.close();
      }
    });
  }
});
