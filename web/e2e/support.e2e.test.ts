import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newReader } from './assistant-readers';
import { e2eAvailable, expectNoSeriousA11yViolations, startE2E, type E2E } from './harness';

/*
 * The support console in chromium: support finds a reader, reads the timeline, replays the moment
 * before a cancellation (Premium active), extends another reader's trial with a reason, and that
 * reader sees the new trial end and the look-up in 'Support access'. Everyone else gets the 404 page.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe.skipIf(!e2eAvailable)('support console (chromium)', () => {
  let e2e: E2E;
  let staff: Page;
  let cancelled: { page: Page; username: string };
  let trial: { page: Page; username: string };

  beforeAll(async () => {
    e2e = await startE2E();
    cancelled = await newReader(e2e, 'premium');
    expect((await cancelled.page.request.post('/api/cancel-subscription', { data: {} })).status()).toBe(200);
    trial = await newReader(e2e, 'trial');
    const s = await newReader(e2e, 'reader');
    // The role comes from the command line only, here beside the running server.
    await promisify(execFile)(
      join(ROOT, 'node_modules/.bin/tsx'),
      [join(ROOT, 'command-service/src/support/cli.ts'), 'grant', `${s.username}@example.com`],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: e2e.app.rt.config.DATA_DIR, DATABASE_URL: '' },
      },
    );
    staff = s.page;
  }, 180_000);
  afterAll(() => e2e?.close());

  it('is the 404 page for a visitor and for a reader without the role', async () => {
    const visitor = await e2e.newPage();
    await visitor.goto('/support');
    await visitor.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await trial.page.goto(`/support`);
    await trial.page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });

  it("staff find 'Support' in the account menu and it opens the console; a reader's menu has no such entry", async () => {
    const entries = async (page: Page) => {
      await page.goto('/account');
      await page.getByRole('button', { name: /^Account menu for / }).click();
      const menu = page.getByRole('menu', { name: 'Account' });
      await menu.getByRole('menuitem', { name: 'Manage Subscription' }).waitFor();
      await page.waitForLoadState('networkidle'); // the role's answer has come
      return menu;
    };
    const readerMenu = await entries(trial.page);
    expect(await readerMenu.getByRole('menuitem').allInnerTexts()).not.toContain('Support');
    await trial.page.keyboard.press('Escape');

    const staffMenu = await entries(staff);
    await staffMenu.getByRole('menuitem', { name: 'Support' }).click();
    await staff.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    expect(new URL(staff.url()).pathname).toBe('/support');
  });

  it('finds a reader, reads the timeline and replays the moment before the cancellation: Premium active', async () => {
    await staff.goto('/support');
    await staff.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(staff);
    await staff.getByLabel('E-mail, username or account id').fill(`${cancelled.username}@example.com`);
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff.getByRole('link', { name: new RegExp(cancelled.username) }).click();
    const events = staff.getByRole('list', { name: 'Events, oldest first' }).getByRole('listitem');
    await events.filter({ hasText: 'Subscription cancelled' }).waitFor();
    await expectNoSeriousA11yViolations(staff);
    const texts = await events.allTextContents();
    const cancelAt = texts.findIndex((t) => t.includes('Subscription cancelled'));
    expect(cancelAt).toBeGreaterThan(0);
    await events
      .nth(cancelAt - 1)
      .getByRole('button', { name: /^Replay/ })
      .click();
    await expect.poll(() => staff.getByTestId('state-Status').textContent()).toBe('active');
    await events
      .nth(cancelAt)
      .getByRole('button', { name: /^Replay/ })
      .click();
    await expect.poll(() => staff.getByTestId('state-Status').textContent()).toBe('canceled');
  });

  it('works from the keyboard alone: search, open the account, replay an event', async () => {
    /** Tabs forward until `target` has the focus (at most `max` stops), as a keyboard user would. */
    const tabTo = async (target: Locator, max = 60) => {
      for (let i = 0; i < max; i++) {
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return i;
        await staff.keyboard.press('Tab');
      }
      throw new Error(`not reached in ${max} Tab stops`);
    };
    await staff.goto('/support');
    await staff.getByRole('heading', { name: 'Support', exact: true }).waitFor();
    await tabTo(staff.getByLabel('E-mail, username or account id'));
    await staff.keyboard.type(cancelled.username);
    await staff.keyboard.press('Enter');
    const result = staff.getByRole('link', { name: new RegExp(cancelled.username) });
    await result.waitFor();
    await tabTo(result);
    await staff.keyboard.press('Enter');
    const events = staff.getByRole('list', { name: 'Events, oldest first' }).getByRole('listitem');
    await events.filter({ hasText: 'Subscription cancelled' }).waitFor();
    const replay = events.filter({ hasText: 'Subscription cancelled' }).getByRole('button', { name: /^Replay/ });
    await tabTo(replay, 120);
    await staff.keyboard.press('Enter');
    await expect.poll(() => staff.getByTestId('state-Status').textContent()).toBe('canceled');
  });

  it('extends a trial with a reason; the reader sees the new end and the look-up', async () => {
    const before = await (await trial.page.request.get('/api/user/trial-status')).json();
    await staff.goto('/support');
    await staff.getByLabel('E-mail, username or account id').fill(trial.username);
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff.getByRole('link', { name: new RegExp(trial.username) }).click();
    const form = staff.getByRole('form', { name: 'Support action' });
    await form.getByLabel('Action').selectOption('extend-trial');
    await form.getByLabel('Days (1 to 30)').fill('7');
    await form.getByLabel('Reason').fill('Card trouble at sign-up');
    await form.getByRole('button', { name: 'Apply' }).click();
    await staff
      .getByRole('list', { name: 'Events, oldest first' })
      .getByRole('listitem')
      .filter({ hasText: 'Trial extended by 7 days' })
      .filter({ hasText: 'Reason: Card trouble at sign-up' })
      .waitFor();

    const after = await (await trial.page.request.get('/api/user/trial-status')).json();
    expect(after.daysLeft).toBe(before.daysLeft + 7);
    // What the reader sees: the trial banner counts the new days.
    await trial.page.goto('/home?book=john&chapter=3');
    await trial.page
      .getByRole('complementary', { name: 'Free trial' })
      .getByText(`${after.daysLeft} days left in your free trial`)
      .waitFor();
    await trial.page.goto('/account');
    const access = trial.page.getByRole('region', { name: 'Support access' });
    await access.getByText('Extended your trial').waitFor();
    await access.getByText('Reason: Card trouble at sign-up').waitFor();
    await expectNoSeriousA11yViolations(trial.page);
  });

  it("answers a data request: the account's export is downloaded, and the reader sees why", async () => {
    await staff.goto('/support');
    await staff.getByLabel('E-mail, username or account id').fill(trial.username);
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff.getByRole('link', { name: new RegExp(trial.username) }).click();
    const form = staff.getByRole('form', { name: 'Support action' });
    await form.getByLabel('Action').selectOption('export');
    await form.getByLabel('Reason').fill('Data request by e-mail');
    const [file] = await Promise.all([
      staff.waitForEvent('download'),
      form.getByRole('button', { name: 'Apply' }).click(),
    ]);
    const exported = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(exported.user.username).toBe(trial.username);
    expect(exported.events.length).toBeGreaterThan(0);
    await trial.page.goto('/account');
    const access = trial.page.getByRole('region', { name: 'Support access' });
    await access.getByText('Exported your data for a data request').waitFor();
    await access.getByText('Reason: Data request by e-mail').waitFor();
  });

  it('a reader downloads everything Lectio holds about them from /account', async () => {
    await trial.page.goto('/account');
    const card = trial.page.getByRole('region', { name: 'Your data' });
    const [file] = await Promise.all([
      trial.page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('lectio-my-data.json');
    const mine = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(mine.user.username).toBe(trial.username);
    const types: string[] = mine.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(['UserRegistered', 'TrialStarted', 'TrialExtended', 'SupportLookupRecorded']),
    );
  });
});
