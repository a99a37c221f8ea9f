import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { e2eAvailable, expectNoContrastIssues, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

// What the test page records for the test to read: layout shifts, the stand-in speech's words and the verses marked as read.
declare global {
  interface Window {
    __cls: number;
    __spoken: string[];
    __marked: string[];
  }
}

/**
 * A Bible that reads like one, in Chromium: paragraphs, headings and footnotes in place; the Old
 * Testament; two texts side by side; Listen.
 */
describe.skipIf(!e2eAvailable)('the Bible as a reader reads it', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  async function reader(options: BrowserContextOptions = {}): Promise<Page> {
    const ctx = await e2e.newContext(options);
    expect((await ctx.request.get('/api/dev-login')).ok()).toBe(true);
    await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    return ctx.newPage();
  }
  const headingText = async (page: Page) =>
    ((await page.locator('#chapter-heading').textContent()) ?? '').replace(/\s+/g, ' ').trim();
  /** The paragraph (or line) each verse starts in, as its index among the chapter's blocks. */
  const blockOf = (page: Page, verse: number) =>
    page.locator(`#verse-${verse}`).evaluate((el) => {
      const block = el.closest('.para, .line')!;
      return [...document.querySelectorAll('.scripture .para, .scripture .line')].indexOf(block);
    });

  it("John 3 reads in paragraphs with inline verse numbers, our headings and the WEB's footnote opening in place; right-click on 16 still opens Bible Navigation", async () => {
    const page = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-16').waitFor();
    // Paragraphs: verses 1 and 2 run on together, 3 starts a new paragraph (the WEB's own mark).
    expect(await blockOf(page, 1)).toBe(await blockOf(page, 2));
    expect(await blockOf(page, 3)).toBeGreaterThan(await blockOf(page, 2));
    expect(await page.locator('.scripture p.para').count()).toBeGreaterThan(5);
    // Verse numbers inline: verse 2 begins on the line where verse 1 ends, its number a superscript button.
    const v1 = (await page.locator('#verse-1').boundingBox())!;
    const v2 = (await page.locator('#verse-2').boundingBox())!;
    expect(v2.y).toBeLessThan(v1.y + v1.height - 5);
    expect(await page.locator('#verse-2').evaluate((el) => getComputedStyle(el).display)).toBe('inline');
    const number = page.locator('#verse-16').getByRole('button', { name: 'Highlight verse 16' });
    expect(await number.evaluate((el) => el.closest('sup') !== null)).toBe(true);

    // Our section headings, said to be ours.
    const heading = page.getByRole('heading', { level: 2, name: "God's love for the world" });
    await heading.waitFor();
    const headingBox = (await heading.boundingBox())!;
    expect(headingBox.y).toBeLessThan((await page.locator('#verse-16').boundingBox())!.y);
    expect(await page.locator('#headings-note').innerText()).toBe(
      'Section headings are Lectio’s own, not part of the World English Bible.',
    );
    expect(await heading.getAttribute('aria-describedby')).toBe('headings-note');

    // The footnote on 'only born' opens in place, right after the mark, and closes again.
    expect(await page.locator('#verse-16').innerText()).toContain('only born Son');
    const mark = page.locator('#verse-16').getByRole('button', { name: /^Footnote [a-z]$/ });
    expect(await mark.getAttribute('aria-expanded')).toBe('false');
    await mark.click();
    const note = page.locator('#verse-16').getByRole('note');
    await note.waitFor();
    expect(await note.innerText()).toContain('The phrase “only born” is from the Greek word “μονογενη”');
    expect(await mark.getAttribute('aria-expanded')).toBe('true');
    const markBox = (await mark.boundingBox())!;
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.y).toBeGreaterThanOrEqual(markBox.y);
    expect(noteBox.y).toBeLessThan(markBox.y + 60);
    // Opening a footnote does not select its verse.
    expect(await number.getAttribute('aria-pressed')).toBe('false');
    await mark.click();
    await note.waitFor({ state: 'detached' });
    await expectNoSeriousA11yViolations(page);

    // A right-click on verse 16 opens Bible Navigation there, the verse highlighted.
    const verse = page.locator('#verse-16');
    await verse.scrollIntoViewIfNeeded();
    const box = (await verse.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + 8, { button: 'right' });
    const dialog = page.getByRole('dialog', { name: 'Bible Navigation' });
    await dialog.waitFor();
    await expect.poll(() => verse.getAttribute('class')).toContain('bg-accent-soft');
    expect(new URL(page.url()).searchParams.get('verse')).toBe('16');
    await dialog.getByRole('button', { name: 'Verse 3', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('#verse-3').getAttribute('class')).toContain('verse-flash');
  });

  it('the Scripture face is preloaded and the chapter is set in it from the start: a slow font moves nothing', async () => {
    const page = await reader({ viewport: { width: 390, height: 844 } });
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.woff2')) fonts.push(`${r.resourceType()} ${new URL(r.url()).pathname}`);
    });
    await page.route('**/literata-400-*.woff2', async (route) => {
      await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await page.addInitScript(() => {
      window.__cls = 0;
      new PerformanceObserver((list) => {
        // TypeScript's DOM library has no LayoutShift entry type yet: its two fields, as the Layout Instability API defines them.
        for (const e of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
          if (!e.hadRecentInput) window.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-16').waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    expect(await page.locator('#verse-16').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^Literata/);
    expect(await page.evaluate(() => document.fonts.check('1em Literata'))).toBe(true);
    expect(await page.evaluate(() => window.__cls)).toBeLessThan(0.02);
    // Fetched once, from our own host, ahead of the stylesheet's need (a preload).
    expect(fonts.filter((f) => f.includes('literata-400-') && !f.includes('italic'))).toHaveLength(1);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]')].map(
          (l) => new URL(l.href).host,
        ),
      ),
    ).toEqual([new URL(page.url()).host]);
  });

  it("'One verse per line' gives each verse its own line, and is kept", async () => {
    const page = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-2').waitFor();
    await page.getByRole('checkbox', { name: 'One verse per line' }).check();
    await expect.poll(async () => (await blockOf(page, 2)) - (await blockOf(page, 1))).toBe(1);
    await page.reload();
    await page.locator('#verse-2').waitFor();
    expect(await blockOf(page, 2)).toBe((await blockOf(page, 1)) + 1);
    await page.getByRole('checkbox', { name: 'One verse per line' }).uncheck();
    await expect.poll(async () => (await blockOf(page, 2)) - (await blockOf(page, 1))).toBe(0);
  });

  it("the Old Testament is the book picker's second shelf, with its psalms in lines and its own ends", async () => {
    const page = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-1').waitFor();
    const book = page.locator('#panel-book');
    expect(
      await book
        .locator('optgroup')
        .evaluateAll((groups) => groups.map((g) => [g.getAttribute('label'), g.children.length])),
    ).toEqual([
      ['New Testament', 27],
      ['Old Testament', 39],
    ]);
    await book.selectOption('psalms');
    await expect.poll(() => headingText(page)).toMatch(/Psalms 1$/i);
    await page.getByRole('button', { name: 'Chapter 23', exact: true }).click();
    await expect.poll(() => headingText(page)).toMatch(/Psalms 23/i);
    // The psalm's title, and each verse in its lines.
    await page.getByText('A Psalm by David.').waitFor();
    expect(await page.locator('.scripture .line').count()).toBeGreaterThan(10);
    expect(await page.locator('#verse-1').innerText()).toContain('Yahweh is my shepherd');
    await page.goto('/home?book=genesis&chapter=1');
    expect(await page.getByRole('button', { name: 'No previous chapter' }).isDisabled()).toBe(true);
    await page.goto('/home?book=malachi&chapter=4');
    expect(await page.getByRole('button', { name: 'No next chapter' }).isDisabled()).toBe(true);
    // The New Testament's ends are the spec's.
    await page.goto('/home?book=matthew&chapter=1');
    expect(await page.getByRole('button', { name: 'No previous chapter' }).isDisabled()).toBe(true);
  });

  it('saves the Old Testament for offline reading on request only, and reads it with the network off', async () => {
    const page = await reader();
    const otRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/bible/ot/')) otRequests.push(new URL(r.url()).pathname);
    });
    await page.goto('/home?book=matthew&chapter=5');
    await page.getByText('Saved for offline reading').waitFor({ timeout: 20_000 });
    // The first visit keeps the New Testament only.
    expect(otRequests).toEqual([]);
    await page.getByRole('button', { name: 'Save the Old Testament for offline reading' }).click();
    await page.getByText('Old Testament saved for offline reading').waitFor({ timeout: 30_000 });
    expect(otRequests).toEqual(['/api/bible/ot/bundle']);
    await page.context().setOffline(true);
    await page.getByRole('searchbox', { name: 'Search the Bible' }).fill('Isaiah 53:5');
    await page.getByRole('searchbox', { name: 'Search the Bible' }).press('Enter');
    await expect.poll(() => headingText(page)).toMatch(/Isaiah 53/i);
    await expect.poll(() => page.locator('#verse-5').innerText()).toContain('pierced for our transgressions');
    await page.context().setOffline(false);
  });

  it('WEB | KJV side by side stay aligned verse by verse at 1280 px and scroll together', async () => {
    const page = await reader();
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-1').waitFor();
    await page.locator('#compare-translation').selectOption('kjv');
    await expect.poll(() => new URL(page.url()).searchParams.get('compare')).toBe('kjv');
    const cell = (verse: number, col: 'a' | 'b') => page.locator(`#verse-${verse} [data-col="${col}"]`);
    await expect.poll(() => cell(16, 'b').innerText()).toContain('only begotten Son');
    expect(await cell(16, 'a').innerText()).toContain('only born Son');
    for (const verse of [1, 2, 3, 16, 36]) {
      const a = (await cell(verse, 'a').boundingBox())!;
      const b = (await cell(verse, 'b').boundingBox())!;
      expect(Math.abs(a.y - b.y), `verse ${verse}`).toBeLessThan(1);
      expect(b.x).toBeGreaterThan(a.x + a.width);
      // The next verse starts below the longer of the two.
      if (verse < 36)
        expect((await cell(verse + 1, 'a').boundingBox())!.y).toBeGreaterThanOrEqual(
          Math.max(a.y + a.height, b.y + b.height) - 1,
        );
    }
    // One scroll moves both: after it, verse 30's cells are still level.
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(300);
    const a30 = (await cell(30, 'a').boundingBox())!;
    expect(Math.abs(a30.y - (await cell(30, 'b').boundingBox())!.y)).toBeLessThan(1);
    // The Spanish Reina-Valera 1909 is offered and credited.
    await page.locator('#compare-translation').selectOption('rv1909');
    await expect.poll(() => cell(16, 'b').innerText()).toMatch(/Porque de tal manera amó Dios al mundo/);
    expect(await page.locator('.parallel-head').innerText()).toMatch(/Reina-Valera 1909/i);
    expect(await cell(16, 'b').getAttribute('lang')).toBe('es');
    await expectNoSeriousA11yViolations(page);
  });

  it('side by side on a 390 px phone: one column, and a quick switch to the other', async () => {
    const page = await reader({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/home?book=john&chapter=3&compare=kjv');
    const web = page.locator('#verse-16 [data-col="a"]');
    const kjv = page.locator('#verse-16 [data-col="b"]');
    await expect.poll(() => kjv.textContent()).toContain('only begotten Son');
    expect(await web.isVisible()).toBe(true);
    expect(await kjv.isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'KJV (King James Version)' }).check();
    await expect.poll(() => kjv.isVisible()).toBe(true);
    expect(await web.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('radio', { name: 'WEB (World English Bible)' }).check();
    await expect.poll(() => web.isVisible()).toBe(true);
  });

  /** A stand-in for the Web Speech API, installed by this page alone: one voice, each utterance 'spoken' in 120 ms. */
  const speechStandIn = () => {
    const spoken: string[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: SpeechSynthesisUtterance | null = null;
    const voice = { name: 'Stand-in English', lang: 'en-US', default: true, localService: true, voiceURI: 'stand-in' };
    const synth = {
      getVoices: () => [voice],
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      speak(u: SpeechSynthesisUtterance) {
        current = u;
        spoken.push(u.text);
        timer = setTimeout(() => {
          current = null;
          // The stand-in's utterance is not the browser's, so SpeechSynthesisEvent's constructor refuses it; onend reads no field.
          u.onend?.(new Event('end') as SpeechSynthesisEvent);
        }, 120);
      },
      cancel() {
        if (timer) clearTimeout(timer);
        current = null;
      },
      pause: () => undefined,
      resume: () => undefined,
      get speaking() {
        return current !== null;
      },
    };
    class Utterance {
      text: string;
      voice: unknown = null;
      lang = '';
      rate = 1;
      onend: ((e: Event) => void) | null = null;
      onerror: ((e: Event) => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    Object.defineProperty(window, '__spoken', { value: spoken });
    // Which verse is marked as read, in order (each change of data-reading).
    const marked: string[] = [];
    Object.defineProperty(window, '__marked', { value: marked });
    new MutationObserver((changes) => {
      for (const c of changes) {
        const el = c.target;
        if (el instanceof HTMLElement && el.hasAttribute('data-reading'))
          marked.push(`${new URL(location.href).searchParams.get('book')} ${el.dataset.verse}`);
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-reading'] });
  };
  const markedSoFar = (page: Page) => page.evaluate(() => window.__marked.slice());

  it('Listen reads the chapter verse by verse, the verse read marked and in view, and goes on into the next chapter', async () => {
    const page = await reader({ viewport: { width: 1280, height: 700 } });
    await page.addInitScript(speechStandIn);
    await page.goto('/home?book=john3&chapter=1');
    await page.locator('#verse-1').waitFor();
    await page.getByRole('button', { name: 'Listen' }).click();
    const player = page.getByRole('region', { name: 'Listen' });
    await player.waitFor();
    // Each verse in turn is marked while it is read, then the next chapter's.
    await expect.poll(() => new URL(page.url()).searchParams.get('book'), { timeout: 15_000 }).toBe('jude');
    await expect
      .poll(async () => (await markedSoFar(page)).filter((m) => m.startsWith('jude')).length, { timeout: 5000 })
      .toBeGreaterThan(1);
    const marked = await markedSoFar(page);
    const third = marked.filter((m) => m.startsWith('john3')).map((m) => Number(m.split(' ')[1]));
    expect(third.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(third.at(-1)).toBeGreaterThanOrEqual(14);
    expect(marked.filter((m) => m.startsWith('jude')).slice(0, 2)).toEqual(['jude 1', 'jude 2']);
    // On into Jude 1, read from its first verse, in view.
    await expect.poll(() => headingText(page)).toMatch(/Jude 1/i);
    await expect.poll(() => player.getByRole('status').textContent()).toMatch(/^Reading Jude 1:\d+$/);
    // In view once the smooth scroll to it has settled (a loaded machine takes longer to get there).
    const reading = page.locator('[data-reading]').first();
    await expect
      .poll(
        async () => {
          const box = await reading.boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= 700;
        },
        { timeout: 5000 },
      )
      .toBe(true);
    expect(await page.evaluate(() => window.__spoken[0])).toMatch(/^The elder to Gaius the beloved/);
    // Pause from the keyboard stops it; the controls are native ones.
    await player.getByRole('button', { name: 'Pause' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => player.getByRole('status').textContent()).toBe('Paused.');
    const stopped = await page.evaluate(() => window.__spoken.length);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.__spoken.length)).toBe(stopped);
    expect(await player.getByRole('combobox', { name: 'Speed' }).count()).toBe(1);
    expect(await player.getByRole('combobox', { name: 'Voice' }).inputValue()).toBe('Stand-in English');
    await player.getByRole('combobox', { name: 'Sleep timer' }).selectOption({ label: 'End of chapter' });
    await player.getByRole('button', { name: 'Stop listening' }).click();
    await player.waitFor({ state: 'detached' });
    expect(await page.locator('[data-reading]').count()).toBe(0);
  });

  it('Listen is not offered where the browser has no voices', async () => {
    const page = await reader();
    await page.addInitScript(() => {
      Object.defineProperty(window, 'speechSynthesis', {
        value: { getVoices: () => [], addEventListener: () => undefined, removeEventListener: () => undefined },
      });
    });
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-16').waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('button', { name: 'Listen' }).count()).toBe(0);
  });

  it.each(['light', 'dark'] as const)(
    'the reading surface passes the contrast check in the %s theme: headings, an open footnote, psalms, side by side',
    async (theme) => {
      const page = await reader({ colorScheme: theme });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto('/home?book=john&chapter=3&verse=16');
      await page.locator('#verse-16').waitFor();
      await page
        .locator('#verse-16')
        .getByRole('button', { name: /^Footnote/ })
        .click();
      await page.locator('#verse-16').getByRole('note').waitFor();
      await page.waitForTimeout(1300); // the selected verse's flash settles
      await expectNoContrastIssues(page, `${theme}, John 3 with a footnote open`);
      await page.goto('/home?book=psalms&chapter=3');
      await page.locator('#verse-2').waitFor();
      await expectNoContrastIssues(page, `${theme}, Psalm 3`);
      await page.goto('/home?book=john&chapter=3&compare=rv1909');
      await page
        .locator('#verse-16 [data-col="b"]')
        .getByText(/unigénito/)
        .waitFor();
      await expectNoContrastIssues(page, `${theme}, side by side`);
      await expectNoSeriousA11yViolations(page);
    },
  );
});
