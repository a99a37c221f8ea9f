import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

/**
 * Search: a verse range marks every verse of it; an Old Testament reference opens the reader
 * there, and words are found in both testaments; markup never gets a 'Did you mean'.
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
      .locator('.scripture [id^="verse-"]')
      .evaluateAll((items) =>
        items
          .filter((v) => v.querySelector('button[aria-pressed="true"]'))
          .map((v) => Number(v.getAttribute('data-verse'))),
      );

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
    ['Genesis 1:1', /Genesis\s+1/i, 'In the beginning'],
    ['Psalm 23', /Psalms\s+23/i, 'shepherd'],
    ['isa 53:5', /Isaiah\s+53/i, 'pierced for our transgressions'],
  ])("'%s' opens the Old Testament there", async (query, heading, words) => {
    const page = await reader();
    await search(page, query);
    await expect.poll(() => page.locator('#chapter-heading').innerText()).toMatch(heading);
    await expect.poll(() => page.locator('.scripture').innerText()).toContain(words);
  });

  it('words are found in the whole Bible: the Old Testament too', async () => {
    const page = await reader();
    await search(page, 'Yahweh is my shepherd');
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
    await expect.poll(() => first.innerText()).toMatch(/Psalms 23:1/);
    await first.getByRole('button').click();
    await expect.poll(() => page.locator('#chapter-heading').innerText()).toMatch(/Psalms\s+23/i);
  });

  it('words open a results view in the text column: references, the words marked, filters by testament and book, from the keyboard; a result opens its verse', async () => {
    const page = await reader();
    await search(page, 'good shepherd');
    const view = page.getByRole('region', { name: 'Search results' });
    await view.waitFor();
    // Focus goes to the view's heading; the chapter is hidden behind it, not beside it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('search-results-title');
    expect(await page.locator('#chapter-heading').isVisible()).toBe(false);
    const list = view.getByRole('list', { name: 'Search results' });
    const width = (await list.boundingBox())?.width ?? 0;
    expect(width).toBeGreaterThan(500); // not the 288 px side panel
    expect(await page.getByRole('navigation').getByRole('list', { name: 'Search results' }).count()).toBe(0);
    const items = list.getByRole('listitem');
    const first = await items.first().innerText();
    expect(first).toMatch(/^[1-3]?\s?[A-Z][a-z]+(?: [A-Z][a-z]+)* \d+:\d+\n/);
    expect((await items.first().locator('mark').allInnerTexts()).map((m) => m.toLowerCase())).toEqual(
      expect.arrayContaining(['shepherd']),
    );
    const references = () =>
      items.evaluateAll((lis) => lis.map((li) => li.querySelector('.text-accent')?.textContent ?? ''));
    const all = await references();
    expect(all.some((r) => r.startsWith('Psalms') || r.startsWith('Ezekiel') || r.startsWith('Isaiah'))).toBe(true);
    expect(all.some((r) => r.startsWith('John 10:'))).toBe(true);

    // The New Testament only, then John only; the counts in the labels are what is listed.
    const nt = view.getByRole('radio', { name: /^New Testament \((\d+)\)$/ });
    const ntCount = Number(
      /\((\d+)\)/.exec(
        (await nt.getAttribute('aria-label')) ?? (await nt.evaluate((el) => el.closest('label')?.textContent ?? '')),
      )?.[1],
    );
    await nt.focus();
    await page.keyboard.press('Space');
    await expect.poll(async () => (await references()).length).toBe(ntCount);
    const oldTestament = all.filter((r) =>
      /^(?:Genesis|Psalms|Isaiah|Jeremiah|Ezekiel|Zechariah|Numbers|Kings|1 Kings|2 Samuel|Micah|Nahum|Amos|Song of Solomon|Ecclesiastes) /.test(
        r,
      ),
    );
    expect(oldTestament.length).toBeGreaterThan(0);
    expect((await references()).filter((r) => oldTestament.includes(r))).toEqual([]);
    await view.getByRole('combobox', { name: 'Book' }).selectOption('john');
    await expect.poll(async () => (await references()).every((r) => r.startsWith('John '))).toBe(true);
    expect((await references()).length).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    // From the keyboard: the first result, Enter; the reader opens the verse and the view closes.
    await list.getByRole('button').first().focus();
    const opened = (await references())[0]!;
    await page.keyboard.press('Enter');
    const [, chapter, verse] = /(\d+):(\d+)$/.exec(opened)!;
    await expect.poll(() => page.url()).toContain(`book=john&chapter=${chapter}&verse=${verse}`);
    await expect.poll(() => view.count()).toBe(0);
    await expect
      .poll(() => page.locator('#chapter-heading').innerText())
      .toMatch(new RegExp(`John\\s+${chapter}`, 'i'));
    // The same results again from the panel, without searching again.
    await page.getByRole('button', { name: 'Back to the results for “good shepherd”' }).click();
    await view.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(all.length);

    // 'Back to the chapter' leaves the reader where it was.
    await search(page, 'good shepherd');
    await view.getByRole('button', { name: 'Back to the chapter' }).click();
    await expect.poll(() => page.locator('#chapter-heading').isVisible()).toBe(true);
    expect(await page.locator('#chapter-heading').innerText()).toMatch(new RegExp(`John\\s+${chapter}`, 'i'));
  });

  it('on a phone the navigation panel closes to show the results', async () => {
    const ctx = await e2e.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    const page = await ctx.newPage();
    await page.goto('/home?book=john&chapter=1');
    await page.locator('#chapter-heading').waitFor();
    await page.getByRole('button', { name: 'Show navigation' }).click();
    await search(page, 'good shepherd');
    const list = page.getByRole('region', { name: 'Search results' }).getByRole('list', { name: 'Search results' });
    await list.waitFor();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search the Bible' }).isVisible()).toBe(false);
    const box = await list.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
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
