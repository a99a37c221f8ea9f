import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { SANDBOX_NOTICE } from '@lectio/contracts/billing';
import { e2eAvailable, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

/*
 * Billing end to end on the sandbox provider: the trial sign-up (a declined card, then
 * 4242), the upgrade page's return path, the payment-methods manager, cancel with the inline
 * confirm, and the development clock moved past a trial's end and past a failed renewal.
 * One server for the file (one clock); each reader has their own browser context.
 */
describe.skipIf(!e2eAvailable)('billing (chromium, sandbox)', () => {
  let e2e: E2E;
  const stamp = Date.now().toString(36);
  const password = 'narrow-gate-lamp-77';

  /** Every toast title and text seen by the page, in order (one toast is visible at a time, briefly). */
  async function newReader(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await e2e.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(() => {
      localStorage.setItem('lectio:tutorialSeen', 'true');
      const seen: string[] = [];
      (window as unknown as { __toasts: string[] }).__toasts = seen;
      new MutationObserver(() => {
        for (const li of document.querySelectorAll('section[aria-label="Notifications (F8)"] li')) {
          const text = li.textContent ?? '';
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    return { context, page: await context.newPage() };
  }

  async function expectToast(page: Page, title: string, text?: string, timeout = 8000) {
    await expect
      .poll(
        async () =>
          (await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)).find((t) =>
            t.startsWith(title),
          ) ?? '',
        {
          message: `toast '${title}'`,
          timeout,
          interval: 50,
        },
      )
      .toContain(text ?? title);
  }

  async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123') {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await page.getByLabel('CVC').fill(cvc);
  }

  async function trialSignUp(page: Page, username: string) {
    await page.goto('/trial');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(`${username}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
    await form.getByRole('button', { name: 'Start My Free 14 Days' }).click();
    await page.getByRole('heading', { name: 'Add Payment Method' }).waitFor();
  }

  /** POST /api/dev/clock from the page (same origin, the reader's cookies). */
  async function advanceClock(page: Page, days: number) {
    const res = await page.evaluate(async (advanceDays) => {
      const r = await fetch('/api/dev/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceDays }),
        credentials: 'include',
      });
      return { status: r.status, body: await r.text() };
    }, days);
    expect(res.status, res.body).toBe(200);
  }

  async function subscriptionTab(page: Page) {
    await page.goto('/account');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    return page.getByRole('tabpanel', { name: 'Subscription' });
  }

  const planValue = (page: Page, term: string) =>
    page
      .locator('dl[aria-label="Your plan"] div')
      .filter({ has: page.locator('dt', { hasText: term }) })
      .locator('dd');

  beforeAll(async () => {
    e2e = await startE2E();
  });

  afterAll(async () => {
    await e2e?.close();
  });

  describe('a reader who signs up for the trial', () => {
    let page: Page;
    const username = `trial${stamp}`;

    beforeAll(async () => {
      ({ page } = await newReader());
    });

    it('a declined card shows Payment Setup Failed and stays on step 2; 4242 lands on /home with the toasts', async () => {
      await trialSignUp(page, username);
      await expect.poll(() => page.getByText(SANDBOX_NOTICE).isVisible(), { timeout: 10_000 }).toBe(true);
      await expect
        .poll(() => page.getByText("Your card won't be charged until your trial ends in 14 days").isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await expectNoSeriousA11yViolations(page);

      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Save Payment Method' }).click();
      await expectToast(page, 'Payment Setup Failed', 'Your card was declined.');
      expect(new URL(page.url()).pathname).toBe('/trial');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Add Payment Method' }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      await expect(
        page.getByRole('form', { name: 'Add Payment Method' }).getByRole('alert').textContent(),
      ).resolves.toBe('Your card was declined.');

      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Save Payment Method' }).click();
      await page.waitForURL('**/home*');
      await expectToast(page, 'Setup Complete!');
      await expectToast(page, 'Sample Questions Available');
      // The reader's banner: an active trial.
      await page
        .getByRole('complementary', { name: 'Free trial' })
        .getByText('14 days left in your free trial')
        .waitFor();
    });

    it('/immediate-upgrade/<path> converts the trial and returns to its path as Premium', async () => {
      const back = 'home?book=john&chapter=3';
      await page.goto(`/immediate-upgrade/${encodeURIComponent(back)}`);
      await page.getByText('Trial User').waitFor();
      await page.getByText('Visa ending in 4242').waitFor();
      await expect.poll(() => page.getByText('$15/month').first().isVisible(), { timeout: 10_000 }).toBe(true);
      await expect(page.getByText('$2.00').count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: 'No Thanks, Continue Trial' }).getAttribute('href')).resolves.toBe(
        '/home?book=john&chapter=3',
      );
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Start Premium Now' }).click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/home' &&
          url.searchParams.get('book') === 'john' &&
          url.searchParams.get('chapter') === '3',
      );
      await page
        .getByRole('heading', { name: /John 3/ })
        .first()
        .waitFor();
      // Premium: no Get Premium in the header, no trial banner.
      await expect.poll(() => page.getByRole('link', { name: 'Get Premium' }).count()).toBe(0);
      await expect(page.getByRole('complementary', { name: 'Free trial' }).count()).resolves.toBe(0);
      const tab = await subscriptionTab(page);
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Active');
      await expect.poll(() => tab.getByText('$6.00 (about 240 questions)').isVisible(), { timeout: 10_000 }).toBe(true);
      await expectNoSeriousA11yViolations(page);
    });

    it('adds a second card, makes it the default and removes the first', async () => {
      await page.goto('/manage-subscription');
      const cards = page.getByRole('list', { name: 'Saved cards' });
      await cards
        .getByRole('listitem', { name: 'Visa ending in 4242' })
        .getByText('Default', { exact: true })
        .waitFor();
      // The management page: the masked card and the AI usage statistics of an active reader.
      await expect(planValue(page, 'Payment method').textContent()).resolves.toBe('Visa •••• •••• •••• 4242');
      await page.getByRole('heading', { name: 'AI Usage Statistics' }).waitFor();
      await expect.poll(() => page.getByText('0 / 240 questions').isVisible(), { timeout: 10_000 }).toBe(true);
      await expect(page.getByRole('link', { name: 'Back to Account' }).getAttribute('href')).resolves.toBe('/account');
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
      await dialog.getByLabel('Card number').waitFor();
      // The spec's add-card dialog is at most 425 px wide (the modal box around the dialog).
      await expect(dialog.evaluate((el) => getComputedStyle(el.parentElement!).maxWidth)).resolves.toBe('425px');
      await expect.poll(() => dialog.getByText(SANDBOX_NOTICE).isVisible(), { timeout: 10_000 }).toBe(true);
      await fillCard(page, '5555 5555 5555 4444', '04/31');
      await dialog.getByRole('button', { name: 'Save Card' }).click();
      const master = cards.getByRole('listitem', { name: 'Mastercard ending in 4444' });
      await master.waitFor();
      await expect(master.textContent()).resolves.toContain('Expires 04/31');

      await master.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }).click();
      await master.getByText('Default', { exact: true }).waitFor();
      await expect
        .poll(() =>
          cards.getByRole('listitem', { name: 'Visa ending in 4242' }).getByText('Default', { exact: true }).count(),
        )
        .toBe(0);

      await cards.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove Payment Method?' });
      await confirm.getByText('This action cannot be undone.').waitFor();
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect.poll(() => cards.getByRole('listitem').count()).toBe(1);
      await expect
        .poll(() => cards.getByRole('listitem', { name: 'Mastercard ending in 4444' }).isVisible(), { timeout: 10_000 })
        .toBe(true);
    });

    it('cancels with the inline confirm and shows when access ends', async () => {
      const tab = await subscriptionTab(page);
      await tab.getByRole('button', { name: 'Cancel Subscription' }).click();
      await tab.getByRole('button', { name: 'Keep Subscription' }).waitFor();
      await tab.getByRole('button', { name: 'Confirm Cancellation' }).click();
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Cancelled');
      const until = await planValue(page, 'Access until').textContent();
      expect(until).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
      await expect
        .poll(() => tab.getByText(`until the end of your current billing period, ${until}`).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await expect(tab.getByRole('link', { name: 'Renew Subscription' }).getAttribute('href')).resolves.toBe(
        '/real-stripe-checkout',
      );
    });

    it('renews from the checkout page: $15/month, a new tab, the test success page activates it', async () => {
      await page.goto('/real-stripe-checkout');
      await page.getByText(SANDBOX_NOTICE).waitFor();
      await expect.poll(() => page.getByText('$15').first().isVisible(), { timeout: 10_000 }).toBe(true);
      await expect(page.getByText('$2.00').count()).resolves.toBe(0);
      const [tab2] = await Promise.all([
        page.context().waitForEvent('page'),
        page.getByRole('button', { name: 'Checkout with Stripe' }).click(),
      ]);
      await tab2.waitForURL('**/test-subscription-success?session_id=*');
      await tab2.getByText('Subscription Activated!').waitFor();
      await expect
        .poll(() => tab2.getByText('This was a test checkout: no real charges were made.').isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await tab2.close();
      await subscriptionTab(page);
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Active');
    });
  });

  describe('a signed-in reader without a trial', () => {
    let page: Page;
    const username = `reader${stamp}`;

    beforeAll(async () => {
      ({ page } = await newReader());
    });

    it('starts the trial from the reader banner: /trial takes the card first, then the trial starts and the reader reads', async () => {
      await page.goto('/auth?tab=register');
      const register = page.getByRole('form', { name: 'Register' });
      await register.getByLabel('Username').fill(username);
      await register.getByLabel('Email').fill(`${username}@example.com`);
      await register.getByLabel('Password', { exact: true }).fill(password);
      await register.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
      await register.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/home*');

      const banner = page.getByRole('complementary', { name: 'Free trial' });
      await banner.getByText('Try Premium free for 14 days.').waitFor();
      await banner.getByRole('link', { name: 'Start Free Trial' }).click();
      await page.waitForURL('**/trial');
      await page.getByRole('button', { name: 'Start My Free 14 Days' }).click();
      // The card comes first: nothing has started yet.
      await page.getByRole('heading', { name: 'Add Payment Method' }).waitFor();
      await page.getByText('Your 14-day free trial starts once your card is saved.').waitFor();
      expect((await (await page.request.get('/api/user')).json()).subscriptionStatus).toBe('inactive');
      // Another card than the sign-up's above: one trial per card.
      await fillCard(page, '4000 0566 5566 5556');
      await page.getByRole('button', { name: 'Save Payment Method' }).click();
      await page.waitForURL('**/home*');
      await expectToast(page, 'Your 14-Day Free Trial Has Started!');
      await expectToast(page, 'Setup Complete!');
      await expectToast(page, 'Sample Questions Available');
      await page
        .getByRole('complementary', { name: 'Free trial' })
        .getByText('14 days left in your free trial')
        .waitFor();

      // A second trial is refused with the server's message.
      const again = await page.evaluate(
        async () => (await fetch('/api/start-trial', { method: 'POST', credentials: 'include' })).status,
      );
      expect(again).toBeGreaterThanOrEqual(400);
      expect(again).toBeLessThan(500);
    });

    it('the trial form refuses a taken username before asking for a card', async () => {
      // Signed out, in a browser of its own, with the username this describe registered.
      const { page } = await newReader();
      await page.goto('/trial');
      const form = page.getByRole('form', { name: 'Create your account' });
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Email').fill(`other${stamp}@example.com`);
      await form.getByLabel('Password', { exact: true }).fill(password);
      await form.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
      await form.getByRole('button', { name: 'Start My Free 14 Days' }).click();
      await expectToast(page, 'Registration validation failed', 'username');
      await expect
        .poll(() => page.getByRole('heading', { name: 'Start Your 14-Day Free Trial' }).isVisible(), {
          timeout: 10_000,
        })
        .toBe(true);
      await expectNoSeriousA11yViolations(page);
    });

    it('the alternate management page: Trial, $0, cancel only when active, back to /; the trial cancelled from the account tab', async () => {
      await page.goto('/subscription');
      await expect.poll(() => page.locator('dl[aria-label="Your subscription"]').textContent()).toContain('Trial');
      // Cancel is only enabled for an active subscription.
      await expect(page.getByRole('button', { name: 'Cancel Subscription' }).isDisabled()).resolves.toBe(true);
      await expect(page.locator('dl[aria-label="Your subscription"]').textContent()).resolves.toContain('$0/month');
      await expect(page.getByRole('link', { name: 'Back' }).getAttribute('href')).resolves.toBe('/');

      // Cancelling during the trial (the account tab): no charge, the trial's end is when access ends.
      const tab = await subscriptionTab(page);
      await tab.getByRole('button', { name: 'Cancel Trial' }).click();
      await tab.getByText('You will not be charged when your trial ends').waitFor();
      await tab.getByRole('button', { name: 'Confirm Cancellation' }).click();
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Cancelled');
      await expect(planValue(page, 'Access until').textContent()).resolves.toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    });
  });

  describe('the simple subscribe page (development)', () => {
    it('activates at once and returns to / after 2 seconds', async () => {
      const { page } = await newReader();
      const username = `simple${stamp}`;
      await page.goto('/simple-subscribe');
      await page.waitForURL('**/auth');
      await page.goto('/auth?tab=register');
      const register = page.getByRole('form', { name: 'Register' });
      await register.getByLabel('Username').fill(username);
      await register.getByLabel('Email').fill(`${username}@example.com`);
      await register.getByLabel('Password', { exact: true }).fill(password);
      await register.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
      await register.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL('**/home*');
      await page.goto('/subscription');
      await page.getByRole('heading', { name: 'Get Premium' }).waitFor();
      await expectNoSeriousA11yViolations(page);
      await page.goto('/simple-subscribe');
      await page.getByText('$15').first().waitFor();
      await page.getByRole('button', { name: 'Subscribe Now' }).click();
      await expectToast(page, 'Subscription Activated!');
      await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/landing', { timeout: 5000 });
      const tab = await subscriptionTab(page);
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Active');
      await expect
        .poll(() => tab.getByRole('button', { name: 'Cancel Subscription' }).isVisible(), { timeout: 10_000 })
        .toBe(true);

      // The alternate management page cancels through its dialog.
      await page.goto('/subscription');
      const facts = page.locator('dl[aria-label="Your subscription"]');
      await expect.poll(() => facts.textContent()).toContain('$15/month');
      await expect(facts.textContent()).resolves.toContain('Next billing date');
      await page.getByRole('button', { name: 'Cancel Subscription' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Cancel Subscription?' });
      await dialog
        .getByText('Your premium access continues until the end of your current billing period.', { exact: false })
        .waitFor();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByRole('button', { name: 'Yes, Cancel Subscription' }).click();
      await expect.poll(() => facts.textContent()).toContain('Cancelled');
      await expect(facts.textContent()).resolves.toContain('Access until');
      await expect(facts.textContent()).resolves.toContain('$0/month');
    });
  });

  describe('the development clock', () => {
    let page: Page;
    const username = `clock${stamp}`;

    beforeAll(async () => {
      ({ page } = await newReader());
    });

    /** A second reader who cancels their trial during its 14 days. */
    let cancelled: Page;

    it('past the trial end: Premium is active and the charge is recorded', async () => {
      await trialSignUp(page, username);
      // One trial per card: a card no other reader of this server had a trial on.
      await fillCard(page, '4012 8888 8888 1881');
      await page.getByRole('button', { name: 'Save Payment Method' }).click();
      await page.waitForURL('**/home*');

      ({ page: cancelled } = await newReader());
      await trialSignUp(cancelled, `cancelled${stamp}`);
      await fillCard(cancelled, '4000 0025 0000 3155');
      await cancelled.getByRole('button', { name: 'Save Payment Method' }).click();
      await cancelled.waitForURL('**/home*');
      const cancel = await cancelled.evaluate(
        async () => (await fetch('/api/cancel-subscription', { method: 'POST', credentials: 'include' })).status,
      );
      expect(cancel).toBe(200);

      await advanceClock(page, 15);
      const tab = await subscriptionTab(page);
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Active');
      await expect.poll(() => tab.getByText('Next billing date').isVisible(), { timeout: 10_000 }).toBe(true);
      const charges = await e2e.app.rt.db.query<{ amount_cents: number; status: string }>(
        `SELECT i.amount_cents, i.status FROM sandbox_invoices i JOIN sandbox_customers c ON c.id = i.customer_id WHERE c.email = $1`,
        [`${username}@example.com`],
      );
      expect(charges.rows).toEqual([{ amount_cents: 1500, status: 'paid' }]);

      // The cancelled trial ended instead: the reader may read again and is offered Premium.
      await cancelled.goto('/home');
      const banner = cancelled.getByRole('complementary', { name: 'Free trial' });
      await banner.getByText('Your free trial has ended.').waitFor();
      await expect(banner.getByRole('link', { name: 'Get Premium' }).getAttribute('href')).resolves.toBe(
        '/subscription',
      );
      // No second trial: /trial offers the subscription instead.
      await cancelled.goto('/trial');
      await cancelled.getByRole('heading', { name: 'Your free trial has ended' }).waitFor();
      await expect(cancelled.getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).resolves.toBe(
        '/real-stripe-checkout',
      );
    });

    it('past a failed renewal (card 0341): past_due, and the reader is shown how to fix the card', async () => {
      await page.goto('/manage-subscription');
      await page.getByRole('button', { name: 'Add Payment Method' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Payment Method' });
      await dialog.getByLabel('Card number').waitFor();
      await fillCard(page, '4000 0000 0000 0341');
      await dialog.getByRole('button', { name: 'Save Card' }).click();
      const cards = page.getByRole('list', { name: 'Saved cards' });
      const failing = cards.getByRole('listitem', { name: 'Visa ending in 0341' });
      await failing.waitFor();
      await failing.getByRole('button', { name: /as default/ }).click();
      await failing.getByText('Default', { exact: true }).waitFor();

      await advanceClock(page, 31);
      await page.goto('/home');
      const banner = page.getByRole('complementary', { name: 'Subscription' });
      await banner.getByText('Your last payment failed.').waitFor();
      await banner.getByRole('link', { name: 'Update payment method' }).click();
      await page.waitForURL('**/manage-subscription');
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Past Due');
      await expect
        .poll(() => page.getByRole('button', { name: 'Add Payment Method' }).isVisible(), { timeout: 10_000 })
        .toBe(true);
      const tab = await subscriptionTab(page);
      await expect
        .poll(() => tab.getByRole('button', { name: 'Update payment method' }).isVisible(), { timeout: 10_000 })
        .toBe(true);

      // The fix: a good card made the default is charged again at once.
      await tab.getByRole('button', { name: 'Update payment method' }).click();
      const update = page.getByRole('dialog', { name: 'Update payment method' });
      await expect(update.evaluate((el) => getComputedStyle(el.parentElement!).maxWidth)).resolves.toBe('500px');
      await update.getByRole('button', { name: 'Add Payment Method' }).click();
      const add = page.getByRole('dialog', { name: 'Add Payment Method' });
      await add.getByLabel('Card number').waitFor();
      await fillCard(page, '5555 5555 5555 4444');
      await add.getByRole('button', { name: 'Save Card' }).click();
      const good = update.getByRole('listitem', { name: 'Mastercard ending in 4444' });
      await good.getByRole('button', { name: /as default/ }).click();
      await good.getByText('Default', { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => planValue(page, 'Status').textContent()).toBe('Active');
    });
  });
});
