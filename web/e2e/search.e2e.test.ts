import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, startE2E, type E2E } from './harness';

/**
 * Search: a verse range marks every verse of it; an Old Testament reference
 * says that the reader holds the New Testament; markup never gets a 'Did you mean'.
 */
describe.skipIf(!e2eAvailable)('search end to end', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  async function reader(): Promise<Page> {
    const ctx = await e2e.newContext();
    expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    const page = await ctx.newPage();
    await page.goto('/home?book=john&chapter=1');
    await page.locator('#chapter-heading').waitFor();
    return page;
  }

  const search = async (page: Page, query: string) => {
    const box = page.getByRole('searchbox', { name: 'Search the Bible' });
    await box.fill(query);
    await box.press('Enter');
  };
  const marked = (page: Page) =>
    page
      .locator('ol[aria-label="Verses"] li')
      .evaluateAll((items) => items.filter((li) => li.querySelector('button[aria-pressed="true"]')).map((li) => Number(li.getAttribute('data-verse'))));

  it("'1 Cor 13:4-7' marks verses 4 to 7", async () => {
    const page = await reader();
    await search(page, '1 Cor 13:4-7');
    await expect.poll(() => page.locator('#chapter-heading').innerText()).toMatch(/1 Corinthians\s+13/i);
    await expect.poll(() => marked(page)).toEqual([4, 5, 6, 7]);
    // Clicking another verse marks only that verse.
    await page.locator('#verse-10').click();
    await expect.poll(() => marked(page)).toEqual([10]);
    // Another spelling of another range.
    await search(page, 'Romans 8:38-39');
    await expect.poll(() => marked(page)).toEqual([38, 39]);
  });

  it.each([
    ['Genesis 1:1', 'Genesis'],
    ['Psalm 23', 'Psalms'],
  ])("'%s' says Lectio's reader holds the New Testament", async (query, book) => {
    const page = await reader();
    await search(page, query);
    await page.getByText(`${book} is in the Old Testament. Lectio's reader holds the New Testament.`).waitFor();
    expect(await page.getByText(/No results/).count()).toBe(0);
    expect(await page.getByRole('list', { name: 'Search results' }).count()).toBe(0);
    await expect.poll(() => page.locator('#chapter-heading').innerText()).toMatch(/John\s+1/i);
  });

  it("'<img src=x>' gets no 'Did you mean', and nothing of it is rendered as markup", async () => {
    const page = await reader();
    await search(page, '<img src=x>');
    await page.getByText(/results? for|No results/).waitFor();
    expect(await page.getByText('Did you mean').count()).toBe(0);
    expect(await page.locator('[role="search"] ~ div img, .search-hit img').count()).toBe(0);
    // A real misspelling still gets its suggestion.
    await search(page, 'forgivness');
    await page.getByRole('button', { name: 'forgiveness', exact: true }).waitFor();
  });
});
