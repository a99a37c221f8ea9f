import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { assistantPanel, newReader, openAssistant } from './assistant-readers';
import { e2eAvailable, expectNoContrastIssues, startE2E, type E2E } from './harness';

/*
 * Text contrast, as axe measures it (WCAG AA), on the screens readers see most: both themes (the
 * browser's colour scheme, which the app follows by default), a phone and a desktop width. Cheaper
 * and steadier than screenshots, and it names the element that fails.
 */
describe.skipIf(!e2eAvailable)('contrast in both themes (chromium, axe)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  const themes = ['light', 'dark'] as const;
  const widths = [390, 1280] as const;

  async function settle(page: Page, theme: (typeof themes)[number]) {
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    // Colours mid-transition are not the ones a reader sees.
    await page.waitForTimeout(400);
  }

  /**
   * How far the selected segment stands out from its track (WCAG contrast ratio): its background or
   * its border, whichever differs more. WCAG asks 3:1 of what shows a control's state.
   */
  const selectedSegmentContrast = (selected: Locator) =>
    selected.evaluate((el) => {
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (c: string) => {
        const [r, g, b] = rgb(c).map((v) =>
          v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
        );
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const ratio = (a: string, b: string) => {
        const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      const track = getComputedStyle(el.parentElement as Element).backgroundColor;
      const style = getComputedStyle(el);
      const border =
        style.borderTopWidth === '0px' || style.borderTopColor.endsWith(', 0)') ? track : style.borderTopColor;
      return Math.max(ratio(style.backgroundColor, track), ratio(border, track));
    });

  for (const theme of themes) {
    it(`${theme}: the selected segment of Login/Register, WEB/KJV and the text size stands out from its track (3:1)`, async () => {
      const visitor = await e2e.newPage({ colorScheme: theme, reducedMotion: 'reduce' });
      await visitor.goto('/auth');
      await visitor.getByRole('tab', { name: 'Login', selected: true }).waitFor();
      await settle(visitor, theme);
      expect(
        await selectedSegmentContrast(visitor.getByRole('tab', { name: 'Login', selected: true })),
      ).toBeGreaterThanOrEqual(3);
      const { page } = await newReader(e2e, 'reader', { colorScheme: theme, reducedMotion: 'reduce' });
      await page.goto('/home?book=john&chapter=4');
      await page.locator('#chapter-heading').waitFor();
      for (const legend of ['Translation', 'Text size']) {
        const group = page.getByRole('group', { name: legend });
        await group.waitFor();
        await settle(page, theme);
        expect(await selectedSegmentContrast(group.locator('label:has(:checked)')), legend).toBeGreaterThanOrEqual(3);
      }
    });
  }

  it('dark: the sign-in page keeps its marketing half dark, not a bright block', async () => {
    const page = await e2e.newPage({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.goto('/auth');
    const aside = page.getByRole('complementary', { name: 'Enhanced Bible Study with AI' });
    await aside.waitFor();
    await settle(page, 'dark');
    // Relative luminance of its background: the peach accent is 0.47, the dark surfaces under 0.02.
    const luminance = await aside.evaluate((el) => {
      const [r, g, b] = (getComputedStyle(el).backgroundColor.match(/[\d.]+/g) ?? [])
        .slice(0, 3)
        .map((v) => Number(v) / 255)
        .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    });
    expect(luminance).toBeLessThan(0.05);
  });

  for (const theme of themes) {
    for (const width of widths) {
      it(`${theme} at ${width} px: /landing, /auth, /home with the assistant open, /account, /manage-subscription`, async () => {
        const options = {
          colorScheme: theme,
          viewport: { width, height: width < 600 ? 844 : 900 },
          reducedMotion: 'reduce',
        } as const;
        const visitor = await e2e.newPage({ ...options, serviceWorkers: 'block' });
        await visitor.goto('/landing');
        await visitor.getByRole('heading', { level: 1 }).first().waitFor();
        await settle(visitor, theme);
        await expectNoContrastIssues(visitor, `${theme} ${width} /landing`);
        await visitor.goto('/auth');
        await visitor.getByRole('heading', { name: 'Enhanced Bible Study with AI' }).waitFor();
        await settle(visitor, theme);
        await expectNoContrastIssues(visitor, `${theme} ${width} /auth`);
        await visitor.getByRole('tab', { name: 'Register' }).click();
        await settle(visitor, theme);
        await expectNoContrastIssues(visitor, `${theme} ${width} /auth register`);

        const { page } = await newReader(e2e, 'premium', options);
        await openAssistant(page, '/home?book=john&chapter=4&verse=1');
        await assistantPanel(page).getByPlaceholder('Ask a question about this passage...').waitFor();
        await settle(page, theme);
        await expectNoContrastIssues(page, `${theme} ${width} /home with the assistant`);
        await page.goto('/account');
        await page.getByRole('tab', { name: 'Subscription' }).waitFor();
        await settle(page, theme);
        await expectNoContrastIssues(page, `${theme} ${width} /account profile`);
        await page.getByRole('tab', { name: 'Subscription' }).click();
        await page.getByText('Premium Membership').first().waitFor();
        await settle(page, theme);
        await expectNoContrastIssues(page, `${theme} ${width} /account subscription`);
        await page.goto('/manage-subscription');
        await page.getByRole('heading', { name: 'Manage Subscription' }).first().waitFor();
        await page.getByText('Active', { exact: true }).first().waitFor();
        await settle(page, theme);
        await expectNoContrastIssues(page, `${theme} ${width} /manage-subscription`);
      });
    }
  }
});
