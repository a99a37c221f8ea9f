import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newReader } from './assistant-readers';
import { e2eAvailable, startE2E, type E2E, boxOf } from './harness';

/*
 * No dead ends and one look: /subscription after a trial has ended, its status pill beside
 * /account's, its 'Update payment method' in line with the button above, and the landing hero's
 * primary call to action. One server for the file: the development clock moves for all of it.
 */
describe.skipIf(!e2eAvailable)('subscription and landing consistency (chromium)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(() => e2e?.close());

  const look = (l: Locator) =>
    l.evaluate((el) => {
      const s = getComputedStyle(el);
      return { background: s.backgroundColor, radius: s.borderTopLeftRadius, display: s.display };
    });

  it('landing, signed out: the hero leads with the primary Get Started, and the features follow the quote closely', async () => {
    const page = await e2e.newPage({ serviceWorkers: 'block' });
    await page.goto('/landing');
    const main = page.getByRole('main');
    const hero = main.getByRole('link', { name: 'Get Started', exact: true }).first();
    await hero.waitFor();
    expect(await hero.getAttribute('href')).toBe('/trial');
    // Styled as the header's primary Get Started, not as the secondary 'See how it works' beside it.
    const primary = await look(page.getByRole('banner').getByRole('link', { name: 'Get Started', exact: true }));
    expect((await look(hero)).background).toBe(primary.background);
    expect((await look(main.getByRole('link', { name: 'See how it works' }))).background).not.toBe(primary.background);
    const quote = await boxOf(main.locator('blockquote'));
    const features = await boxOf(main.getByRole('heading', { name: 'Read, ask and understand' }));
    // 144 px of empty page before.
    expect(features.y - (quote.y + quote.height)).toBeLessThanOrEqual(96);
  });

  it('/subscription shows the status as the same pill as /account, and at 390 px Update payment method lines up with Cancel Subscription', async () => {
    const { page } = await newReader(e2e, 'premium', { viewport: { width: 390, height: 844 } });
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    const accountPill = await look(
      page.getByRole('tabpanel', { name: 'Subscription' }).locator('dd').getByText('Active', { exact: true }),
    );
    expect(accountPill.radius).not.toBe('0px');
    await page.goto('/subscription');
    const status = page.getByRole('definition').getByText('Active', { exact: true });
    await status.waitFor();
    expect(await look(status)).toEqual(accountPill);

    const cancel = await boxOf(page.getByRole('button', { name: 'Cancel Subscription' }));
    const update = await boxOf(page.getByRole('button', { name: 'Update payment method' }));
    expect(update.y).toBeGreaterThan(cancel.y);
    // Its text starts where the button above starts (16 px further in before).
    expect(Math.abs(update.x - cancel.x)).toBeLessThanOrEqual(1);
  });

  async function moveClock(page: Page, advanceDays: number) {
    const res = await page.request.post('/api/dev/clock', { data: { advanceDays } });
    expect(res.status(), await res.text()).toBe(200);
  }

  it('/subscription offers a new reader the free trial, but a reader whose trial has ended only Subscribe Now, and says why', async () => {
    const { page: fresh } = await newReader(e2e, 'reader');
    await fresh.goto('/subscription');
    await fresh.getByRole('heading', { name: 'Get Premium' }).waitFor();
    expect(await fresh.getByRole('link', { name: 'Get 14 Days Free' }).count()).toBe(1);

    // A trial cancelled during its days, then past its end.
    const { page } = await newReader(e2e, 'trial');
    expect((await page.request.post('/api/cancel-subscription')).status()).toBeLessThan(300);
    await moveClock(page, 15);
    await page.goto('/subscription');
    await page.getByRole('heading', { name: 'Get Premium' }).waitFor();
    await page.getByText('Your free trial has ended', { exact: true }).waitFor();
    // It led to /trial, which only says the trial has ended.
    expect(await page.getByRole('link', { name: 'Get 14 Days Free' }).count()).toBe(0);
    const subscribe = page.getByRole('link', { name: 'Subscribe Now' });
    expect(await subscribe.getAttribute('href')).toBe('/real-stripe-checkout');
  });
});
