import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

/** A verse's study panel in Debian's Chromium against the real server. */
describe.skipIf(!e2eAvailable)('study panel end to end', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  async function reader(): Promise<{ page: Page; scripts: string[] }> {
    const ctx = await e2e.newContext();
    expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    return { page, scripts };
  }

  it('studies John 3:16: Henry, Romans 5:8 among the cross-references, the Greek for "loved", topics; its code loads only when opened', async () => {
    const { page, scripts } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-16').click();
    const toolbar = page.getByRole('toolbar', { name: 'Verse actions for John 3:16' });
    await toolbar.waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /StudyPanel/.test(s))).toEqual([]);

    await toolbar.getByRole('button', { name: 'Study' }).click();
    const panel = page.getByRole('dialog', { name: 'Study John 3:16' });
    await panel.waitFor();
    expect(scripts.filter((s) => /StudyPanel/.test(s))).toHaveLength(1);

    const commentary = panel.getByRole('region', { name: 'Commentary' });
    await commentary.getByText('God so loved the world', { exact: false }).first().waitFor();
    expect(await commentary.innerText()).toContain("Matthew Henry's Concise Commentary (Matthew Henry, 1706-1721)");
    await commentary.getByText('Read the whole section', { exact: false }).click();
    await commentary.getByText('Nicodemus was afraid', { exact: false }).waitFor();

    const crossReferences = panel.getByRole('region', { name: 'Cross-references' });
    const romans = crossReferences.getByRole('link', { name: 'Romans 5:8', exact: true });
    await romans.waitFor();
    expect(
      await crossReferences
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: 'Romans 5:8', exact: true }) })
        .innerText(),
    ).toContain('while we were yet sinners, Christ died for us');

    const loved = panel.getByRole('region', { name: 'Words' }).getByRole('row', { name: /^loved\b/ });
    const row = await loved.innerText();
    expect(row).toContain('ἀγαπάω');
    expect(row).toContain('agapáō');
    expect(row).toContain('G25');
    expect(row).toContain('to love (in a social or moral sense)');

    expect(await panel.getByRole('region', { name: 'Topics' }).innerText()).toContain('God: Love of');
    await expectNoSeriousA11yViolations(page);

    // A New Testament cross-reference opens the reader there.
    await romans.click();
    await expect.poll(() => page.url()).toContain('/home?book=romans&chapter=5&verse=8');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => page.locator('#verse-8').innerText()).toContain('Christ died for us');
  });

  it('opens and closes from the keyboard; Escape returns focus to the verse', async () => {
    const { page } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.getByRole('button', { name: 'Highlight verse 16' }).focus();
    await page.keyboard.press('Enter');
    const toolbar = page.getByRole('toolbar', { name: 'Verse actions for John 3:16' });
    await toolbar.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null)).toBe(true);
    await toolbar.getByRole('button', { name: 'Study' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Study John 3:16' });
    await panel.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Highlight verse 16');
  });
});
