import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type FakeStripe, startFakeStripe } from '@lectio/testing/stripe';
import { type E2E, e2eAvailable, startE2E } from './harness';

/*
 * Stripe mode in the browser: Stripe.js (js.stripe.com) is fetched only by a page that takes a
 * card, never by the reader, and a Stripe.js that cannot be loaded (offline here) says so with
 * Try Again instead of spinning. The server talks to the fake Stripe of the billing tests.
 * bypassCSP: the page's CSP does not yet list js.stripe.com (see the billing report); this test
 * is about when the browser asks for it.
 */
describe.skipIf(!e2eAvailable)('billing in Stripe mode (chromium)', () => {
  let fake: FakeStripe;
  let e2e: E2E;
  let page: Page;
  const stripeRequests: string[] = [];
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    fake = await startFakeStripe();
    e2e = await startE2E({
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_PRICE_ID: fake.priceId,
      STRIPE_WEBHOOK_SECRET: 'whsec_test_lectio_fake_signing_secret',
      STRIPE_API_BASE: fake.url,
    });
    const context = await e2e.newContext({ serviceWorkers: 'block', bypassCSP: true });
    await context.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    // No network here: Stripe.js cannot load. Record that it was asked for, and fail it at once.
    await context.route(/^https:\/\/(js|m)\.stripe\.com\//, async (route) => {
      stripeRequests.push(route.request().url());
      await route.abort('internetdisconnected');
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await e2e?.close();
    await fake?.close();
  });

  it('the server says Stripe; the landing page and the reader never ask for Stripe.js', async () => {
    const config = await page.request.get('/api/billing/config');
    expect(await config.json()).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    await page.goto('/landing');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Signed in (the development login), the reader and its banner.
    expect((await page.request.get('/api/dev-login')).ok()).toBe(true);
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#verse-16').waitFor();
    await page.waitForLoadState('networkidle');
    expect(stripeRequests).toEqual([]);
  });

  it('step 2 of /trial loads Stripe.js, and says so with Try Again when it cannot', async () => {
    await page.request.post('/api/logout');
    await page.goto('/trial');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Username').fill(`stripe${stamp}`);
    await form.getByLabel('Email').fill(`stripe${stamp}@example.com`);
    await form.getByLabel('Password', { exact: true }).fill('narrow-gate-lamp-77');
    await form.getByRole('textbox', { name: 'Confirm Password' }).fill('narrow-gate-lamp-77');
    await form.getByRole('button', { name: 'Start My Free 14 Days' }).click();
    await page.getByRole('heading', { name: 'Add Payment Method' }).waitFor();
    const failure = page.getByRole('alert').filter({ hasText: 'The card form could not be loaded from Stripe.' });
    await failure.waitFor({ timeout: 20_000 });
    expect(stripeRequests.length).toBeGreaterThan(0);
    // Not the sandbox's form and not its notice: Stripe mode takes cards only through Stripe.
    await expect(page.getByLabel('Card number').count()).resolves.toBe(0);
    await expect(page.getByText('Sandbox: test cards only').count()).resolves.toBe(0);
    const before = stripeRequests.length;
    await failure.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => stripeRequests.length).toBeGreaterThan(before);
  });
});
