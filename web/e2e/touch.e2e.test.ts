import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { assistantPanel, newReader, openAssistant } from './assistant-readers';
import { e2eAvailable, startE2E, type E2E, boxOf } from './harness';

/*
 * The smaller things readers touch (issue 29): the offline download's status in its place, a
 * labelled personalization chip, one upsell at a time, the selected verse apart from a pink
 * highlight, and phone layouts of /auth, the study's Words and the support console.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const phone = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' } as const;

describe.skipIf(!e2eAvailable)('what readers touch (chromium)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  const visibleCount = async (l: Locator) => {
    let n = 0;
    for (let i = 0; i < (await l.count()); i++) if (await l.nth(i).isVisible()) n++;
    return n;
  };

  it("'Loading Bible content...' shows quietly in the navigation panel, never over the verses or in the assistant", async () => {
    const { ctx, page } = await newReader(e2e, 'premium', { reducedMotion: 'reduce' });
    // The whole-Testament download is held for a while, so its status can be seen.
    await ctx.route('**/api/bible/bundle**', async (route) => {
      await new Promise((r) => setTimeout(r, 6000));
      await route.continue().catch(() => {});
    });
    await openAssistant(page, '/home?book=john&chapter=3&verse=16');
    const status = page.getByRole('status').filter({ hasText: 'Loading Bible content...' });
    await status.waitFor({ timeout: 8000 });
    expect(await status.count()).toBe(1);
    expect(
      await page
        .getByRole('navigation', { name: 'Bible navigation panel' })
        .getByText('Loading Bible content...')
        .count(),
    ).toBe(1);
    expect(await assistantPanel(page).getByText('Loading Bible content...').count()).toBe(0);
    expect(await page.locator('#main').getByText('Loading Bible content...').count()).toBe(0);
  });

  it('the personalization chip is labelled: one "Personalization: Not Set" for a reader who set nothing, and it opens the settings', async () => {
    const { page } = await newReader(e2e, 'premium', { reducedMotion: 'reduce' });
    await openAssistant(page, '/home?book=john&chapter=3&verse=16');
    // The chip shows once the reader's preferences have loaded ('Loading...' until then).
    await assistantPanel(page)
      .getByRole('button', { name: /^Personalization: Not Set/ })
      .waitFor();
    const text = await assistantPanel(page).innerText();
    expect(text).toContain('Personalization: Not Set');
    // One chip, named: not two bare 'Not Set's.
    expect(text.match(/Not Set/g)).toHaveLength(1);
    await assistantPanel(page)
      .getByRole('button', { name: /^Personalization: Not Set/ })
      .click();
    await page.getByRole('dialog', { name: 'Personalization Settings' }).waitFor();
  });

  it('a trial reader sees one upsell at a time: the banner, or with the assistant open its Upgrade; the intro is not an empty panel', async () => {
    const { page } = await newReader(e2e, 'trial', phone);
    const upsells = page.getByRole('link', { name: /^(Upgrade|Upgrade now|Get Premium)$/ });
    await page.goto('/home?book=john&chapter=3&verse=16');
    await page.getByRole('complementary', { name: 'Free trial' }).getByRole('link', { name: 'Upgrade now' }).waitFor();
    expect(await visibleCount(upsells)).toBe(1);

    await page.getByRole('button', { name: 'Open Scripture Assistant' }).click();
    const panel = assistantPanel(page);
    await panel.getByRole('link', { name: 'Upgrade' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Free trial' }).count()).toBe(0);
    expect(await visibleCount(upsells)).toBe(1);
    // The suggestions follow the intro at once (they sat at the bottom of an empty panel).
    const intro = await boxOf(panel.getByText('Open the suggested questions below', { exact: false }));
    const suggestions = await boxOf(panel.getByRole('button', { name: 'Suggested questions' }));
    expect(suggestions.y - (intro.y + intro.height)).toBeLessThan(80);
  });

  it('the selected verse is marked apart from a pink highlight, and the highlight menu shows its colours with a firm edge', async () => {
    const { ctx, page } = await newReader(e2e, 'premium', { reducedMotion: 'reduce' });
    for (const verse of [16, 17]) {
      const res = await ctx.request.post('/api/notes', {
        data: { id: crypto.randomUUID(), kind: 'highlight', book: 'john', chapter: 3, verse, color: 'pink' },
      });
      expect(res.status()).toBeLessThan(300);
    }
    await page.goto('/home?book=john&chapter=3');
    await expect.poll(() => page.locator('#verse-17').getAttribute('data-highlight')).toBe('pink');
    await page.locator('#verse-16').click();
    const look = (n: number) =>
      page.locator(`#verse-${n}`).evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.backgroundColor} ${s.boxShadow}`;
      });
    await page.waitForTimeout(800); // the background's transition
    // Verse 16 (selected) and 17 (not) are both pink: the selection must still tell them apart.
    expect(await look(16)).not.toBe(await look(17));
    expect(await page.locator('#verse-17').evaluate((el) => getComputedStyle(el).boxShadow)).toBe('none');

    const toolbar = page.getByRole('toolbar', { name: 'Verse actions for John 3:16' });
    await toolbar.getByRole('button', { name: /Highlight/ }).click();
    const swatch = page.getByRole('menu').locator('[data-swatch="yellow"]');
    const edge = await swatch.evaluate((el) => getComputedStyle(el).borderTopColor);
    // Not the pale line colour it had (#e4dccf): the ink at a third or more.
    expect(edge).not.toBe('rgb(228, 220, 207)');
    expect((await boxOf(swatch)).width).toBeGreaterThanOrEqual(20);
  });

  it('390 px: /auth keeps "Start free trial" on one line, under its sentence, not indented', async () => {
    const page = await e2e.newPage(phone);
    await page.goto('/auth');
    const link = page.getByRole('link', { name: 'Start free trial' });
    await link.waitFor();
    const l = await boxOf(link);
    const sentence = await boxOf(page.getByText('New here?', { exact: false }));
    expect(l.height).toBeLessThanOrEqual(40);
    expect(Math.abs(l.x - sentence.x)).toBeLessThanOrEqual(1);
    expect(l.y).toBeGreaterThanOrEqual(sentence.y + sentence.height - 1);
  });

  it("390 px: the study's Words table fits the sheet, no column cut off", async () => {
    const { page } = await newReader(e2e, 'premium', phone);
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-16').click();
    await page
      .getByRole('toolbar', { name: 'Verse actions for John 3:16' })
      .getByRole('button', { name: 'Study' })
      .click();
    const table = page
      .getByRole('complementary', { name: 'Study John 3:16' })
      .getByRole('region', { name: 'Words' })
      .getByRole('table');
    await table.getByRole('row', { name: /^loved\b/ }).waitFor();
    const t = await boxOf(table);
    expect(t.x).toBeGreaterThanOrEqual(0);
    expect(t.x + t.width).toBeLessThanOrEqual(390);
    expect(await table.getByRole('row', { name: /^loved\b/ }).innerText()).toMatch(/\d+ NT verses/);
  });

  it('support at 390 px: the title fits, the kinds shown are ticked, Search is as tall as its field; Manage Subscription has its icon', async () => {
    const staff = await newReader(e2e, 'reader', phone);
    await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'command-service/src/support/cli.ts'), 'grant', `${staff.username}@example.com`],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: e2e.app.rt.config.DATA_DIR, DATABASE_URL: '' },
      },
    );
    const page: Page = staff.page;
    await page.goto('/support');
    const field = await boxOf(page.getByLabel('E-mail, username or account id'));
    const search = await boxOf(page.getByRole('button', { name: 'Search' }));
    expect(search.height).toBe(field.height);

    await page
      .getByRole('link', { name: new RegExp(staff.username) })
      .first()
      .click();
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    expect(await title.innerText()).toContain(`${staff.username}@example.com`);
    const t = await boxOf(title);
    expect(t.x + t.width).toBeLessThanOrEqual(390);
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    // Every kind is shown, so every box is ticked; unticking one leaves the others.
    const kinds = page.getByRole('group', { name: 'Show' }).getByRole('checkbox');
    expect(await kinds.count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await kinds.nth(i).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'account' }).uncheck();
    await expect.poll(() => page.getByRole('checkbox', { name: 'subscription' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'account' }).isChecked()).toBe(false);
    await expect.poll(() => page.getByText(`Registered as ${staff.username}`).count()).toBe(0);

    await page.goto('/manage-subscription');
    const heading = page.getByRole('heading', { name: 'Manage Subscription' });
    await heading.waitFor();
    expect(await heading.locator('xpath=..').locator('svg').count()).toBe(1);
  });

  it('/notes: a note is edited in place and kept; the search comes before export and import', async () => {
    const { ctx, page } = await newReader(e2e, 'premium', { reducedMotion: 'reduce' });
    const res = await ctx.request.post('/api/notes', {
      data: { id: crypto.randomUUID(), kind: 'note', book: 'romans', chapter: 5, verse: 8, text: 'First thought.' },
    });
    expect(res.status()).toBeLessThan(300);
    await page.goto('/notes');
    await page.getByText('First thought.').waitFor();
    const search = await boxOf(page.getByRole('searchbox'));
    const exportJson = await boxOf(page.getByRole('link', { name: 'Export JSON' }));
    expect(search.y).toBeLessThan(exportJson.y);

    await page.getByRole('button', { name: 'Edit note on Romans 5:8' }).click();
    const field = page.getByRole('textbox', { name: 'Note on Romans 5:8' });
    await field.fill('A second, better thought.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await page.getByText('A second, better thought.').waitFor();
    await page.waitForTimeout(1500); // the offline queue sends it
    await page.reload();
    await page.getByText('A second, better thought.').waitFor();
    // The first text is kept among the earlier versions (folded), no longer shown as the note.
    expect(await page.getByText('First thought.').isVisible()).toBe(false);
    await page.getByText('Earlier versions (1)').click();
    await page.getByText('First thought.').waitFor();
  });
});
