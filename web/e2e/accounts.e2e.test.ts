import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eAvailable, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

/*
 * Accounts end to end: protected routes, register, sign out, sign in, forgot password,
 * the reset link from the development mailbox, a new password, and the /auth page's checks.
 * One server and one browser for the file; the steps share one browser context, in order.
 */
describe.skipIf(!e2eAvailable)('accounts (chromium)', () => {
  let e2e: E2E;
  let page: Page;
  const stamp = Date.now().toString(36);
  const username = `reader${stamp}`;
  const email = `${username}@example.com`;
  const firstPassword = 'quiet-morning-psalm-41';
  const newPassword = 'evening-lamp-light-119';
  const thirdPassword = 'river-of-life-clear-22';

  /** Waits for a toast with this title (and description); at most one is shown at a time. */
  async function expectToast(title: string, description?: string | RegExp, timeout = 5000) {
    const toasts = page.locator('section[aria-label="Notifications (F8)"] li');
    await expect
      .poll(async () => (await toasts.allTextContents()).find((t) => t.startsWith(title)) ?? '', {
        message: `toast '${title}'`,
        timeout,
      })
      .toMatch(description === undefined ? title : description);
  }

  const accountMenu = () => page.getByRole('button', { name: `Account menu for ${username}` });

  async function signOut() {
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expectToast('Logged out', 'You have been successfully logged out');
    await page.waitForURL('**/landing');
  }

  async function signIn(password: string) {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
  }

  beforeAll(async () => {
    e2e = await startE2E();
    const context = await e2e.newContext({ serviceWorkers: 'block' });
    // The reader's first-visit tutorial is a modal; these tests are not about it.
    await context.addInitScript(() => localStorage.setItem('lectio:tutorialSeen', 'true'));
    page = await context.newPage();
  });

  afterAll(async () => {
    await e2e?.close();
  });

  it('sends signed-out visitors of protected routes to /auth', async () => {
    await page.goto('/home');
    await page.waitForURL('**/auth');
    await page.goto('/account');
    await page.waitForURL('**/auth');
    await expect(page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe('true');
  });

  it('has no serious accessibility violations on /auth, and shows the field checks', async () => {
    await page.goto('/auth');
    await page.getByRole('heading', { name: 'Enhanced Bible Study with AI' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole('form', { name: 'Login' });
    await form.getByLabel('Email', { exact: true }).fill('not-an-email');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(form.getByText('Please enter a valid email').isVisible()).resolves.toBe(true);
    await expect(form.getByText('Password is required').isVisible()).resolves.toBe(true);
    // The checks are shown in the page and reach assistive technology through the field.
    await expect(form.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/auth?tab=register');
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('Username').fill('ab');
    await register.getByLabel('Password', { exact: true }).fill('short');
    await register.getByLabel('Confirm Password', { exact: true }).fill('other');
    await register.getByRole('button', { name: 'Create Account' }).click();
    for (const message of [
      'Username must be at least 3 characters',
      'Please enter a valid email',
      'Password must be at least 8 characters',
      "Passwords don't match",
    ]) {
      await expect(register.getByText(message, { exact: true }).isVisible(), message).resolves.toBe(true);
    }
  });

  it('registers through the Register tab and lands on /home signed in', async () => {
    await page.goto('/auth?tab=register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(firstPassword);
    await form.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast('Registration successful', 'Your account has been created!');
    await page.waitForURL('**/home');
    await accountMenu().waitFor();

    // The account menu names the user and their e-mail.
    await accountMenu().click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).waitFor();
    await expect(page.getByText(email, { exact: true }).isVisible()).resolves.toBe(true);
    await page.keyboard.press('Escape');
  });

  it('shows the account settings with the joined date and status', async () => {
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    const joined = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(),
    );
    await expect(page.getByText(joined).isVisible()).resolves.toBe(true);
    await expect(page.getByText(email).first().isVisible()).resolves.toBe(true);
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect(page.getByText('No Active Subscription').isVisible()).resolves.toBe(true);
    await expect(page.getByText('$15/month').first().isVisible()).resolves.toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it('refuses a second account with the same e-mail and says why', async () => {
    await signOut();
    await page.goto('/auth?tab=register');
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Username').fill(`${username}b`);
    await form.getByLabel('Email').fill(email.toUpperCase());
    await form.getByLabel('Password', { exact: true }).fill(firstPassword);
    await form.getByLabel('Confirm Password', { exact: true }).fill(firstPassword);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expectToast('Registration failed', /email: /);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('signs in and out', async () => {
    await signIn(firstPassword);
    await expectToast('Login successful', 'Welcome back!');
    await page.waitForURL('**/home');
    // Already signed in: /auth goes straight on to the reader.
    await page.goto('/auth');
    await page.waitForURL('**/home');
    await signOut();
  });

  it('resets a forgotten password through the link in the development mailbox', async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectToast(
      'Password reset email sent',
      'If your email is registered, you will receive a password reset link',
    );
    await dialog.waitFor({ state: 'detached' });

    // The mail is written after the answer: refresh the mailbox until it is there.
    await page.goto('/dev/mailbox');
    await page.getByRole('heading', { name: 'Development Mailbox' }).waitFor();
    const link = page.getByRole('link', { name: /\/auth\?token=/ });
    await expect
      .poll(
        async () => {
          if (await link.count()) return true;
          await page.getByRole('button', { name: 'Refresh' }).click();
          return false;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    await expect(page.getByText(`To: ${email}`).first().isVisible()).resolves.toBe(true);
    await link.first().click();
    await page.waitForURL(/\/auth\?token=/);

    const form = page.getByRole('form', { name: 'Reset Password' });
    await form.waitFor();
    await expectNoSeriousA11yViolations(page);
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm New Password', { exact: true }).fill(newPassword);
    await form.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(
      'Password reset successful',
      'Your password has been reset. You can now log in with your new password.',
    );
    // Back on /auth (token gone from the address), Login tab, reset form hidden.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await expect(page.getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByRole('form', { name: 'Reset Password' }).count()).resolves.toBe(0);
  });

  it('refuses the old password and accepts the new one', async () => {
    await signIn(firstPassword);
    await expectToast('Login failed');
    expect(new URL(page.url()).pathname).toBe('/auth');

    await signIn(newPassword);
    await expectToast('Login successful');
    await page.waitForURL('**/home');
    await accountMenu().waitFor();
    // No provider subscription: the premium hint follows 5 seconds after signing in.
    await expectToast('Premium Features Available', 'Premium Features Available', 8000);
  });

  it('changes the password from account settings: this browser stays signed in, another is signed out', async () => {
    // A second browser signed in with the current password.
    const other = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    const login = await other.request.post('/api/login', { data: { email, password: newPassword } });
    expect(login.status()).toBe(200);

    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current Password', { exact: true }).fill('not-the-password-1');
    await form.getByLabel('New Password', { exact: true }).fill(thirdPassword);
    await form.getByLabel('Confirm New Password', { exact: true }).fill(thirdPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectToast('Password change failed', 'currentPassword: Current password is incorrect');
    await expect(form.getByText('Current password is incorrect').isVisible()).resolves.toBe(true);

    await form.getByLabel('Current Password', { exact: true }).fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expectToast('Password changed', 'Other devices have been signed out.');
    await expect.poll(() => form.getByLabel('Current Password', { exact: true }).inputValue()).toBe('');
    await expectNoSeriousA11yViolations(page);

    // This browser is still signed in; the other one is not.
    await page.reload();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    expect((await other.request.get('/api/user')).status()).toBe(401);
    await other.context().close();

    await signOut();
    await signIn(thirdPassword);
    await expectToast('Login successful');
    await page.waitForURL('**/home');
    // Let the premium hint that follows a sign-in show now, so it cannot replace the next test's toast.
    await expectToast('Premium Features Available', 'Premium Features Available', 8000);
  });

  it('signs out every other device from account settings', async () => {
    const other = await (await e2e.newContext({ serviceWorkers: 'block' })).newPage();
    expect((await other.request.post('/api/login', { data: { email, password: thirdPassword } })).status()).toBe(200);
    await page.goto('/account');
    await page.getByRole('button', { name: 'Sign Out Other Devices' }).click();
    await expectToast('Other devices signed out', 'Signed out of 1 other device');
    expect((await other.request.get('/api/user')).status()).toBe(401);
    await other.context().close();
    await page.reload();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
  });
});
