import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newReader } from './assistant-readers';
import { e2eAvailable, startE2E, type E2E, boxOf } from './harness';

/*
 * What readers touch on a phone and from the keyboard: the landing header at 390 px, the trial
 * banner after a scroll to a verse, the navigation popup's verse grid, the chat launcher's place
 * in the Tab order, and the add-card dialog (a setup failure, a pasted expiry, the brand label).
 */
describe.skipIf(!e2eAvailable)('reader on a phone and from the keyboard (chromium)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  const phone = { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' } as const;

  it('390 px: on the landing header Bible Reader is one row, its icon full size, and the header fits the screen', async () => {
    const { page } = await newReader(e2e, 'premium', phone);
    await page.goto('/landing');
    const link = page.getByRole('banner').getByRole('link', { name: 'Bible Reader' });
    await link.waitFor();
    const b = await boxOf(link);
    // An icon button like Help and Theme beside it; it was two lines of text (56 px) before.
    expect(b.height).toBeLessThanOrEqual(40);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
    expect(await link.locator('svg').evaluate((svg) => Math.round(svg.getBoundingClientRect().width))).toBe(16);
    // Nothing in the header spills past the screen (the account menu ended at 421 px).
    const account = await boxOf(page.getByRole('banner').getByRole('button', { name: /Account menu/ }));
    expect(account.x + account.width).toBeLessThanOrEqual(390);
  });

  it('390 px: after a scroll to any of the first verses the trial banner is whole or wholly under the header, never cut', async () => {
    const { page } = await newReader(e2e, 'trial', phone);
    for (let verse = 1; verse <= 10; verse++) {
      await page.goto(`/home?book=john&chapter=4&verse=${verse}`);
      const banner = page.getByRole('complementary', { name: 'Free trial' });
      await banner.waitFor();
      await page.locator(`#verse-${verse}`).waitFor();
      await page.waitForTimeout(400);
      const header = await boxOf(page.getByRole('banner'));
      const headerBottom = header.y + header.height;
      const b = await boxOf(banner);
      const whole = b.y >= headerBottom - 1;
      const gone = b.y + b.height <= headerBottom + 1;
      expect(
        whole || gone,
        `verse ${verse}: banner from ${b.y} to ${b.y + b.height}, header ends at ${headerBottom}`,
      ).toBe(true);
      // And the chosen verse is in view below the header.
      const v = await boxOf(page.locator(`#verse-${verse}`));
      expect(v.y, `verse ${verse}`).toBeGreaterThanOrEqual(headerBottom - 1);
      expect(v.y, `verse ${verse}`).toBeLessThan(844);
    }
  });

  it('390 px: the navigation popup shows that its verse grid goes on below, until the end is reached', async () => {
    const { page } = await newReader(e2e, 'premium', phone);
    await page.goto('/home?book=john&chapter=4');
    await page.locator('#verse-3').click({ button: 'right' });
    const popup = page.getByRole('dialog', { name: 'Bible Navigation' });
    await popup.getByRole('button', { name: 'Verse 54', exact: true }).waitFor({ state: 'attached' });
    const hint = popup.locator('[data-scroll-hint]');
    await hint.waitFor();
    expect(await hint.isVisible()).toBe(true);
    await popup.getByRole('button', { name: 'Verse 54', exact: true }).scrollIntoViewIfNeeded();
    await hint.waitFor({ state: 'detached' });
  });

  it('keyboard: the chat launcher is a few Tab stops from the top, and the second skip link goes straight to it', async () => {
    const { page } = await newReader(e2e, 'premium');
    await page.goto('/home?book=john&chapter=4');
    await page.locator('#verse-54').waitFor();
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? '');
    let stops = 0;
    while ((await focusedId()) !== 'scripture-assistant-launcher' && stops < 100) {
      await page.keyboard.press('Tab');
      stops++;
    }
    // About 80 before (after every chapter, verse-grid and verse button).
    expect(stops).toBeLessThanOrEqual(12);

    await page.reload();
    await page.locator('#verse-54').waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to Scripture Assistant' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focusedId()).toBe('scripture-assistant-launcher');
    await page.keyboard.press('Enter');
    await page.locator('#scripture-assistant').getByRole('heading', { name: 'Scripture Assistant' }).waitFor();
  });

  async function openAddCard(page: Page) {
    await page.goto('/manage-subscription');
    await page.getByRole('button', { name: 'Add Payment Method' }).click();
    return page.getByRole('dialog', { name: 'Add Payment Method' });
  }

  it('add card: a setup failure says so once and offers Try Again, which brings the card form', async () => {
    const { page } = await newReader(e2e, 'premium');
    await page.route('**/api/create-setup-intent', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    const dialog = await openAddCard(page);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    // Before: 'Failed to initialize payment setup: Failed to initialize payment setup', and no way on.
    expect((await alert.innerText()).trim()).toBe('Failed to initialize payment setup');
    await page.unroute('**/api/create-setup-intent');
    await dialog.getByRole('button', { name: 'Try Again' }).click();
    await dialog.getByLabel('Card number').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('add card: an expiry pasted as "12 / 34" reads 12/34 and the card saves; the brand label sits on the line of the digits', async () => {
    const { page } = await newReader(e2e, 'premium');
    const dialog = await openAddCard(page);
    const number = dialog.getByLabel('Card number');
    await number.fill('4242 4242 4242 4242');
    const brand = dialog.getByText('Visa', { exact: true });
    await brand.waitFor();
    const [n, v] = [await boxOf(number), await boxOf(brand)];
    // Centred on the input (it sat about 5 px above the digits).
    expect(Math.abs(v.y + v.height / 2 - (n.y + n.height / 2))).toBeLessThanOrEqual(1);

    const expiry = dialog.getByLabel('Expiry date (MM/YY)');
    await expiry.focus();
    // As a paste inserts it (and as a password manager fills it): one insertion, maxlength applies.
    await page.keyboard.insertText('12 / 34');
    expect(await expiry.inputValue()).toBe('12/34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save Card' }).click();
    await page.getByRole('listitem', { name: 'Visa ending in 4242' }).first().waitFor();
  });
});
