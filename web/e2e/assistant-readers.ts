import { expect } from 'vitest';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { freshCardNumber } from '@lectio/testing/cards';
import type { E2E } from './harness';

const PASSWORD = 'morning-psalm-lamp-27';
let seq = 0;

/**
 * A new signed-in reader in its own browser context (the tutorial already seen), made a trial or
 * Premium reader through the billing API (sandbox); a trial starts on a sandbox card saved first.
 */
export async function newReader(
  e2e: E2E,
  kind: 'reader' | 'trial' | 'premium',
  options: BrowserContextOptions = {},
): Promise<{ ctx: BrowserContext; page: Page; username: string }> {
  const ctx = await e2e.newContext({ serviceWorkers: 'block', ...options });
  await ctx.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
  const username = `reader${Date.now().toString(36)}${seq++}`;
  const post = async (url: string, data?: unknown) => {
    const res = await ctx.request.post(url, data === undefined ? {} : { data });
    expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    return res.json().catch(() => ({}));
  };
  await post('/api/register', {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (kind === 'premium') {
    await post('/api/activate-subscription');
  } else if (kind === 'trial') {
    // The card first (one of its own: one trial per card), then the trial on it.
    const { clientSecret } = (await post('/api/create-setup-intent')) as { clientSecret: string };
    const { paymentMethodId } = (await post('/api/sandbox/confirm-setup', {
      clientSecret,
      card: { number: freshCardNumber(), expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
    })) as { paymentMethodId: string };
    await post('/api/add-payment-method', { paymentMethodId });
    await post('/api/start-trial');
  }
  return { ctx, page: await ctx.newPage(), username };
}

export const assistantPanel = (page: Page) => page.locator('#scripture-assistant');

/** Opens a reader URL and the Scripture Assistant panel on it. */
export async function openAssistant(page: Page, url: string) {
  await page.goto(url);
  await page.locator('#chapter-heading').waitFor();
  await page.getByRole('button', { name: 'Open Scripture Assistant' }).click();
  await assistantPanel(page).getByRole('heading', { name: 'Scripture Assistant' }).waitFor();
}
