import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { e2eAvailable, expectNoContrastIssues, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

interface ServerNote {
  id: string;
  kind: string;
  verse: number;
  verseEnd: number | null;
  color: string | null;
  text: string | null;
  history: unknown[];
}

/** The reader's highlights, notes and bookmarks in Debian's Chromium against the real server. */
describe.skipIf(!e2eAvailable)('reader notes end to end', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  async function signedIn(): Promise<BrowserContext> {
    const ctx = await e2e.newContext({ acceptDownloads: true });
    expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    return ctx;
  }

  /** What the server holds, read from a context of its own (never offline). */
  async function serverNotes(book: string, chapter: number): Promise<ServerNote[]> {
    const ctx = await signedIn();
    const r = await ctx.request.get(`/api/notes?book=${book}&chapter=${chapter}`);
    expect(r.ok()).toBe(true);
    const { notes } = (await r.json()) as { notes: ServerNote[] };
    await ctx.close();
    return notes;
  }

  const toolbarFor = (page: Page, reference: string) =>
    page.getByRole('toolbar', { name: `Verse actions for ${reference}` });

  it('highlights (from the keyboard) and notes a verse; both show after a reload and in a second tab; /notes finds, exports Markdown and opens the verse', async () => {
    const ctx = await signedIn();
    const page = await ctx.newPage();
    const other = await ctx.newPage();
    await other.goto('/home?book=john&chapter=3');
    await other.locator('#verse-16').waitFor();
    await page.goto('/home?book=john&chapter=3');

    await page.locator('#verse-16').click();
    const toolbar = toolbarFor(page, 'John 3:16');
    const highlight = toolbar.getByRole('button', { name: 'Highlight', exact: true });
    await highlight.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Highlight' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Yellow', 'Green', 'Blue', 'Pink', 'Purple']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#verse-16').getAttribute('data-highlight')).toBe('green');

    await toolbar.getByRole('button', { name: 'Note', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Note on John 3:16' });
    await dialog.getByRole('textbox', { name: 'Your note' }).fill('Everyone: the whole world.');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.locator('#verse-16').getAttribute('data-note')).toBe('true');
    // Said to screen readers with the verse; drawn as a colour and a mark.
    expect(await page.locator('#verse-16 .sr-only').textContent()).toBe(' (highlighted green, has a note)');
    // The background fades in over 700 ms (and a loaded machine may read it mid-way).
    await expect
      .poll(() => page.locator('#verse-16').evaluate((li) => getComputedStyle(li).backgroundColor))
      .toBe('rgb(211, 238, 203)');
    expect(
      await page.locator('#verse-16 .verse-marks').evaluate((m) => getComputedStyle(m, '::before').maskImage),
    ).toContain('data:image/svg+xml');

    // On the server, once each.
    await expect
      .poll(async () => (await serverNotes('john', 3)).map((n) => [n.kind, n.verse, n.color, n.text]).sort())
      .toEqual([
        ['highlight', 16, 'green', null],
        ['note', 16, null, 'Everyone: the whole world.'],
      ]);

    // The other tab shows them without a reload (BroadcastChannel), and so does this one after one.
    await expect.poll(() => other.locator('#verse-16').getAttribute('data-highlight')).toBe('green');
    await expect.poll(() => other.locator('#verse-16').getAttribute('data-note')).toBe('true');
    await page.reload();
    await expect.poll(() => page.locator('#verse-16').getAttribute('data-highlight')).toBe('green');
    await expect.poll(() => page.locator('#verse-16').getAttribute('data-note')).toBe('true');

    // Editing the note opens its text; the earlier one is kept.
    await page.locator('#verse-16').click();
    await toolbarFor(page, 'John 3:16').getByRole('button', { name: 'Edit note' }).click();
    const edit = page.getByRole('textbox', { name: 'Your note' });
    expect(await edit.inputValue()).toBe('Everyone: the whole world.');
    await edit.fill('For God so loved the world: everyone.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect
      .poll(async () => (await serverNotes('john', 3)).find((n) => n.kind === 'note')?.history.length)
      .toBe(1);

    // The account menu leads to /notes.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'My notes' }).click();
    await page.getByRole('heading', { name: 'My notes' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/notes');
    const list = page.getByRole('list', { name: 'Notes' });
    await expect
      .poll(() => list.getByRole('listitem').filter({ hasText: 'John 3:16' }).count())
      .toBeGreaterThanOrEqual(2);
    await page.getByRole('searchbox', { name: 'Search' }).fill('so loved');
    await expect.poll(() => list.locator(':scope > li').count()).toBe(1);
    expect(await list.innerText()).toContain('For God so loved the world: everyone.');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('combobox', { name: 'Colour' }).selectOption('green');
    await expect.poll(() => list.locator(':scope > li').count()).toBe(1);
    expect(await list.innerText()).toContain('Highlight, green');
    await expectNoSeriousA11yViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Markdown' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lectio-notes-\d{4}-\d\d-\d\d\.md$/);
    const markdown = readFileSync(await download.path(), 'utf8');
    expect(markdown).toContain('# My Lectio notes');
    expect(markdown).toContain('- **John 3:16**, Highlight (green)');
    expect(markdown).toContain('- **John 3:16**, Note: For God so loved the world: everyone.');
    expect(markdown).toContain('  - earlier');

    await list.getByRole('link', { name: 'John 3:16' }).click();
    await expect.poll(() => page.url()).toContain('/home?book=john&chapter=3&verse=16');
    await expect.poll(() => page.locator('#verse-16').getAttribute('data-highlight')).toBe('green');
  }, 90_000);

  it('/notes shows each highlight and bookmark with its verse, and edits a note from the keyboard that stays edited after a reload', async () => {
    const ctx = await signedIn();
    const page = await ctx.newPage();
    const save = async (note: Record<string, unknown>) => {
      const r = await page.request.post('/api/notes', { data: note, headers: { origin: e2e.baseUrl } });
      expect(r.ok()).toBe(true);
      return r.headers()['x-lectio-position'] ?? '0';
    };
    await save({
      id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c01',
      kind: 'highlight',
      book: 'romans',
      chapter: 8,
      verse: 28,
      color: 'blue',
    });
    await save({
      id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c02',
      kind: 'bookmark',
      book: 'philippians',
      chapter: 4,
      verse: 6,
      verseEnd: 7,
    });
    const position = await save({
      id: '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c03',
      kind: 'note',
      book: 'romans',
      chapter: 8,
      verse: 28,
      text: 'All things.',
    });
    const ours = new Set([
      '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c01',
      '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c02',
      '5a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c03',
    ]);
    await expect
      .poll(async () => {
        const r = await page.request.get('/api/notes', { headers: { 'x-lectio-min-position': position } });
        const body: { notes: Array<{ id: string }> } = await r.json();
        return body.notes.filter((n) => ours.has(n.id)).length;
      })
      .toBe(3);

    await page.goto('/notes');
    const list = page.getByRole('list', { name: 'Notes' });
    // This reader's other tests leave notes too: each of ours by its kind and place.
    const places: Record<string, string> = {
      highlight: 'Romans 8:28',
      note: 'Romans 8:28',
      bookmark: 'Philippians 4:6-7',
    };
    const item = (kind: string) =>
      list
        .locator(`:scope > li[data-kind="${kind}"]`)
        .filter({ has: page.getByRole('link', { name: places[kind], exact: true }) });
    // The verse itself, not only "Romans 8:28 · Highlight, blue"; a bookmarked range shows every verse of it.
    await expect
      .poll(() => item('highlight').locator('blockquote').innerText())
      .toContain('all things work together for good');
    await expect
      .poll(() => item('bookmark').locator('blockquote').innerText())
      .toMatch(/In nothing be anxious.*And the peace of God/s);
    expect(await item('highlight').innerText()).toContain('Highlight, blue');

    // The search comes before Export and Import.
    const searchFirst = await page.evaluate(() => {
      const search = document.querySelector('input[type=search]');
      const exporting = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Export Markdown');
      return Boolean(
        search && exporting && search.compareDocumentPosition(exporting) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    });
    expect(searchFirst).toBe(true);

    // Edited with the keyboard alone: Edit, type, Save; the keyboard comes back to Edit.
    const edit = page.getByRole('button', { name: 'Edit note on Romans 8:28' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const box = page.getByRole('textbox', { name: 'Note on Romans 8:28' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('End');
    await page.keyboard.type(' Even this.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save note');
    await page.keyboard.press('Enter');
    await expect.poll(() => edit.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await item('note').innerText()).toContain('All things. Even this.');
    await expect
      .poll(async () => (await serverNotes('romans', 8)).find((n) => n.kind === 'note')?.text, { timeout: 10_000 })
      .toBe('All things. Even this.');
    await page.reload();
    await expect.poll(() => item('note').innerText()).toContain('All things. Even this.');
    expect(await item('note').innerText()).toContain('Earlier versions (1)');

    // Escape leaves the note as it was.
    await page.getByRole('button', { name: 'Edit note on Romans 8:28' }).click();
    await page.getByRole('textbox', { name: 'Note on Romans 8:28' }).fill('Not kept');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('textbox', { name: 'Note on Romans 8:28' }).count()).toBe(0);
    expect(await item('note').innerText()).not.toContain('Not kept');
    await expectNoSeriousA11yViolations(page);
  });

  it('every highlight colour keeps the verse readable (WCAG AA) in both themes, on the passage and on /notes', async () => {
    const ctx = await signedIn();
    const setup = await ctx.newPage();
    let position = '0';
    for (const [i, color] of ['yellow', 'green', 'blue', 'pink', 'purple'].entries()) {
      const r = await setup.request.post('/api/notes', {
        data: {
          id: `0c4f1a2b-3d5e-4f60-8a7b-9c0d1e2f3a4${i}`,
          kind: 'highlight',
          book: 'luke',
          chapter: 15,
          verse: 11 + i,
          color,
        },
        headers: { origin: e2e.baseUrl },
      });
      expect(r.ok()).toBe(true);
      position = r.headers()['x-lectio-position'] ?? position;
    }
    // The other contexts below do not carry this one's writes: read them once with its position,
    // so the read model holds them before those contexts load the page.
    const highlighted = async () => {
      const r = await setup.request.get('/api/notes?book=luke&chapter=15', {
        headers: { 'x-lectio-min-position': position },
      });
      const body: { notes: unknown[] } = await r.json();
      return body.notes.length;
    };
    await expect.poll(highlighted, { timeout: 15_000 }).toBe(5);
    for (const theme of ['light', 'dark'] as const) {
      const themed = await e2e.newContext({ colorScheme: theme, reducedMotion: 'reduce' });
      expect((await themed.request.get('/api/dev-login')).ok()).toBe(true);
      await themed.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
      const page = await themed.newPage();
      await page.goto('/home?book=luke&chapter=15');
      await expect.poll(() => page.locator('.scripture [id^="verse-"][data-highlight]').count()).toBe(5);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      await expectNoContrastIssues(page, `${theme} passage with highlights`);
      await page.goto('/notes');
      await page.getByRole('link', { name: 'Luke 15:11' }).waitFor();
      await expectNoContrastIssues(page, `${theme} /notes`);
      await expectNoSeriousA11yViolations(page);
      await themed.close();
    }
  });

  it('a searched range is highlighted and bookmarked as one note covering every verse of it', async () => {
    const ctx = await signedIn();
    const page = await ctx.newPage();
    await page.goto('/home?book=matthew&chapter=1');
    const box = page.getByRole('searchbox', { name: 'Search the Bible' });
    await box.fill('1 Cor 13:4-7');
    await box.press('Enter');
    // Matthew 1 has a verse 4 too: wait for 1 Corinthians 13 before clicking it, and for the range's toolbar after.
    await expect
      .poll(async () => ((await page.locator('#chapter-heading').textContent()) ?? '').replace(/\s+/g, ' '))
      .toMatch(/1 Corinthians 13/i);
    await page.locator('#verse-4').click();
    const toolbar = toolbarFor(page, '1 Corinthians 13:4-7');
    await toolbar.waitFor();
    await toolbar.getByRole('button', { name: 'Highlight', exact: true }).click();
    await page.getByRole('menu', { name: 'Highlight' }).getByRole('menuitem', { name: 'Pink' }).click();
    const highlighted = () =>
      page
        .locator('.scripture [id^="verse-"][data-highlight="pink"]')
        .evaluateAll((items) => items.map((li) => Number(li.getAttribute('data-verse'))));
    await expect.poll(highlighted).toEqual([4, 5, 6, 7]);
    await toolbar.getByRole('button', { name: 'Bookmark' }).click();
    await expect
      .poll(() => toolbar.getByRole('button', { name: 'Bookmark' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect
      .poll(async () =>
        (await serverNotes('corinthians1', 13)).map((n) => [n.kind, n.verse, n.verseEnd, n.color]).sort(),
      )
      .toEqual([
        ['bookmark', 4, 7, null],
        ['highlight', 4, 7, 'pink'],
      ]);

    // /notes deletes one, and imports a JSON export (here with one note more than the account has).
    await page.goto('/notes');
    await page.getByRole('combobox', { name: 'Book' }).selectOption('corinthians1');
    await page.getByText(/^2 of \d+ shown$/).waitFor();
    await page.getByRole('button', { name: 'Delete bookmark on 1 Corinthians 13:4-7' }).click();
    await expect.poll(async () => (await serverNotes('corinthians1', 13)).map((n) => n.kind)).toEqual(['highlight']);
    const exported = (await (await ctx.request.get('/api/notes/export?format=json')).json()) as {
      notes: Array<Record<string, unknown>>;
    };
    exported.notes.push({
      id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
      kind: 'note',
      book: 'corinthians1',
      chapter: 13,
      verse: 13,
      text: 'The greatest of these',
    });
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported)),
    });
    await page.getByText('Imported 1 note', { exact: true }).waitFor();
    await page.getByRole('link', { name: '1 Corinthians 13:13' }).waitFor();
    expect((await serverNotes('corinthians1', 13)).map((n) => n.text)).toContain('The greatest of these');
  });

  it('a note made offline is kept, shown, and reaches the server once after reconnection (a replayed queue too)', async () => {
    const ctx = await signedIn();
    const page = await ctx.newPage();
    await page.goto('/home?book=mark&chapter=4');
    await page.locator('#verse-39').click();
    const toolbar = toolbarFor(page, 'Mark 4:39');
    await toolbar.getByRole('button', { name: 'Note', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');

    await ctx.setOffline(true);
    await toolbar.getByRole('button', { name: 'Note', exact: true }).click();
    await page.getByRole('textbox', { name: 'Your note' }).fill('Peace, be still.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect.poll(() => page.locator('#verse-39').getAttribute('data-note')).toBe('true');
    await toolbar.getByRole('button', { name: 'Bookmark' }).click();
    await expect.poll(() => page.locator('#verse-39').getAttribute('data-bookmark')).toBe('true');
    const queued = await page.evaluate(() => localStorage.getItem('lectio:notes-queue'));
    expect(JSON.parse(queued ?? '[]')).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await serverNotes('mark', 4)).toEqual([]);

    await ctx.setOffline(false);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('lectio:notes-queue')), { timeout: 10_000 })
      .toBeNull();
    await expect
      .poll(async () => (await serverNotes('mark', 4)).map((n) => [n.kind, n.text]).sort())
      .toEqual([
        ['bookmark', null],
        ['note', 'Peace, be still.'],
      ]);

    // The same queue sent again (as if its answers had been lost) changes nothing.
    await page.evaluate((q) => {
      localStorage.setItem('lectio:notes-queue', q ?? '[]');
      window.dispatchEvent(new Event('online'));
    }, queued);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('lectio:notes-queue')), { timeout: 10_000 })
      .toBeNull();
    const after = await serverNotes('mark', 4);
    expect(after).toHaveLength(2);
    expect(after.every((n) => n.history.length === 0)).toBe(true);
    await page.reload();
    await expect.poll(() => page.locator('#verse-39').getAttribute('data-note')).toBe('true');
  });
});
