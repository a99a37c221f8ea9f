import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, expectNoContrastIssues, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

/** A verse's study panel in Debian's Chromium against the real server. */
describe.skipIf(!e2eAvailable)('study panel end to end', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  async function reader(options: { colorScheme?: 'light' | 'dark' } = {}): Promise<{ page: Page; scripts: string[] }> {
    const ctx = await e2e.newContext({ ...options, reducedMotion: 'reduce' });
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
    const panel = page.getByRole('complementary', { name: 'Study John 3:16' });
    await panel.waitFor();
    expect(scripts.filter((s) => /StudyPanel/.test(s))).toHaveLength(1);

    const commentary = panel.getByRole('region', { name: 'Commentary' });
    await commentary.getByText('God so loved the world', { exact: false }).first().waitFor();
    expect(await commentary.innerText()).toContain("Matthew Henry's Concise Commentary (1706-1721)");
    // Scofield's note on the verse, labelled with its author and year, after Henry's.
    expect(await commentary.innerText()).toContain('Scofield Reference Notes (C. I. Scofield, 1917)');
    await commentary
      .getByText('In no N.T. instance does it signify cessation of existence', { exact: false })
      .waitFor();
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
    // The WEB's own tags ('believes'; the KJV has 'believeth') and its footnote on 'only born'.
    const words = panel.getByRole('region', { name: 'Words' });
    await words.getByRole('row', { name: /^believes\b/ }).waitFor();
    expect(await words.innerText()).toContain('Translation notes (World English Bible)');
    expect(await words.innerText()).toContain('The phrase “only born” is from the Greek word “μονογενη”');
    expect(await panel.innerText()).toContain('the Scofield Reference Notes (1917)');

    expect(await panel.getByRole('region', { name: 'Topics' }).innerText()).toContain('God: Love of');
    await expectNoSeriousA11yViolations(page);

    // A New Testament cross-reference opens the reader there.
    await romans.click();
    await expect.poll(() => page.url()).toContain('/home?book=romans&chapter=5&verse=8');
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => page.locator('#verse-8').innerText()).toContain('Christ died for us');
  });

  /** The colour of the text of verse 3 that the narrator speaks, and of the words of Jesus (null when not marked). */
  const verse3Colours = (page: Page) =>
    page.locator('#verse-3').evaluate((li) => {
      const text = li.querySelector(':scope > span')!;
      const red = text.querySelector('.words-of-jesus');
      return {
        narrator: getComputedStyle(text).color,
        narratorText: text.firstChild?.nodeType === Node.TEXT_NODE ? text.firstChild.textContent : null,
        jesus: red ? getComputedStyle(red).color : null,
        jesusText: red?.textContent ?? null,
      };
    });

  it("'Words of Jesus in red' (off by default) colours Jesus' words in John 3:3 and not the narrator's, readable in both themes", async () => {
    const { page } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-3').waitFor();
    const setting = page.getByRole('checkbox', { name: 'Words of Jesus in red' });
    expect(await setting.isChecked()).toBe(false);
    expect(await page.locator('.words-of-jesus').count()).toBe(0);

    await setting.check();
    await page.locator('#verse-3 .words-of-jesus').waitFor();
    const light = await verse3Colours(page);
    expect(light.narratorText).toBe('Jesus answered him, ');
    expect(light.jesusText).toBe('“Most certainly I tell you, unless one is born anew, he can’t see God’s Kingdom.”');
    expect(light.jesus).toBe('rgb(163, 21, 26)');
    expect(light.narrator).not.toBe(light.jesus);
    // 3:16 is His throughout; 3:1 is the narrator's.
    expect(await page.locator('#verse-16 .words-of-jesus').innerText()).toMatch(/^For God so loved the world/);
    expect(await page.locator('#verse-1 .words-of-jesus').count()).toBe(0);
    await expectNoContrastIssues(page, 'light, words of Jesus in red');
    await expectNoSeriousA11yViolations(page);

    // Kept after a reload.
    await page.reload();
    await page.locator('#verse-3 .words-of-jesus').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Words of Jesus in red' }).isChecked()).toBe(true);

    const dark = (await reader({ colorScheme: 'dark' })).page;
    await dark.addInitScript(() => localStorage.setItem('lectio:redLetter', 'on'));
    await dark.goto('/home?book=john&chapter=3&verse=3');
    await dark.locator('#verse-3 .words-of-jesus').waitFor();
    const colours = await verse3Colours(dark);
    expect(colours.jesus).toBe('rgb(255, 174, 166)');
    expect(colours.narrator).not.toBe(colours.jesus);
    await dark.waitForTimeout(800); // the selected verse's background settles
    await expectNoContrastIssues(dark, 'dark, words of Jesus in red, the verse selected');
  });

  it("reads Scofield cleanly beside the chapter, its references linked; Henry's source named once", async () => {
    const { page } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-16').click();
    await page
      .getByRole('toolbar', { name: 'Verse actions for John 3:16' })
      .getByRole('button', { name: 'Study' })
      .click();
    const panel = page.getByRole('complementary', { name: 'Study John 3:16' });
    const commentary = panel.getByRole('region', { name: 'Commentary' });
    const scofield = commentary.locator('figure').filter({ hasText: 'Scofield Reference Notes' });
    await scofield.waitFor();
    const note = await scofield.locator('blockquote').innerText();
    expect(note).toMatch(
      /^perish: Greek ἀπόλλυμι, trans\. "marred," Mark 2:22, "lost," Matthew 10:6; 15:24; 18:11; Luke 15:4,6,32\./,
    );
    expect(note).not.toContain('," trans)');
    expect(note).not.toContain('," ;');
    // Each reference a link, as in the cross-references: '15:24' after 'Matthew 10:6;' is Matthew's.
    expect(await scofield.getByRole('link').allInnerTexts()).toEqual(
      expect.arrayContaining(['Mark 2:22', 'Matthew 10:6', '15:24', 'Luke 15:4', '32']),
    );
    expect(await scofield.getByRole('link', { name: '15:24', exact: true }).getAttribute('href')).toBe(
      '/home?book=matthew&chapter=15&verse=24',
    );

    // Henry's work named once on each line, the section by its verses.
    const captions = await commentary.locator('figcaption').allInnerTexts();
    expect(captions[0]).toBe("Matthew Henry's Concise Commentary (1706-1721)");
    expect(captions.every((c) => c.split('Matthew Henry').length <= 2)).toBe(true);
    expect(await commentary.locator('summary').innerText()).toBe('Read the whole section on John 3:1-21');

    // The Greek words read cleanly: θεός is God, and 'whoever' is the phrase πᾶς ὁ (no 'the' glossed πᾶς).
    const words = panel.getByRole('region', { name: 'Words' });
    expect(await words.getByRole('row', { name: /^God\b/ }).innerText()).toContain(
      'a deity, especially the supreme Divinity',
    );
    expect(await words.getByRole('row', { name: /^God\b/ }).innerText()).not.toContain('magistrate');
    const whoever = await words.getByRole('row', { name: /^whoever\b/ }).innerText();
    expect(whoever).toContain('πᾶς ὁ');
    expect(whoever).toContain('G3956 G3588');
    expect(await words.getByRole('row', { name: /^the\b/ }).count()).toBe(0);
    expect(await words.getByRole('row', { name: /^in\b/ }).innerText()).not.toContain('adverbial phrases');

    // A topic's size in words that agree with it: never '(1 references)'.
    const topics = await panel.getByRole('region', { name: 'Topics' }).innerText();
    expect(topics).toContain('Nicodemus comes to Jesus (in Jerusalem) (1 reference)');
    expect(topics).not.toContain('(1 references)');

    // Docked beside the text at 1280 px: the verse stays in view, not under the panel.
    const verse = await page.locator('#verse-16').boundingBox();
    const side = await panel.boundingBox();
    expect(verse && side && verse.x + verse.width <= side.x + 1).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await scofield.getByRole('link', { name: 'Mark 2:22', exact: true }).click();
    await expect.poll(() => page.url()).toContain('/home?book=mark&chapter=2&verse=22');
    await expect.poll(() => page.locator('#verse-22').innerText()).toContain('wineskins');
  });

  it('opens beside the chapter and closes from the keyboard; Escape returns focus to the verse', async () => {
    const { page } = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.getByRole('button', { name: 'Highlight verse 16' }).focus();
    await page.keyboard.press('Enter');
    const toolbar = page.getByRole('toolbar', { name: 'Verse actions for John 3:16' });
    await toolbar.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[role="toolbar"]') !== null))
      .toBe(true);
    await toolbar.getByRole('button', { name: 'Study' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: 'Study John 3:16' });
    await panel.waitFor();
    // Focus moves into the docked panel (no longer a modal dialog).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('aside[aria-labelledby="study-title"]') !== null))
      .toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Highlight verse 16');
  });
});
