import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { type FakeOpenAi, startFakeOpenAi } from '@lectio/testing/openai';
import { formatResetDate } from '@lectio/contracts/assistant';
import { composeExpertAnswer, findQuestion } from '@lectio/library';
import { assistantPanel, newReader, openAssistant } from './assistant-readers';
import { type E2E, e2eAvailable, expectNoSeriousA11yViolations, startE2E } from './harness';

/*
 * The Scripture Assistant end to end: a trial reader's suggested questions and expert
 * answers by preference, a Premium reader's streamed free text against the local OpenAI-compatible
 * server with checked citations, the usage banner at 80 %, and the labelled library answer when no
 * model is configured. Readers become trial or Premium through the billing API (sandbox).
 */

const panel = assistantPanel;
const answers = (page: Page) => panel(page).getByRole('article', { name: 'Assistant answer' });
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/** An expert answer as the panel shows it: its Markdown lists as lists (no "- " markers in the text) and its quotes curled; compared with straight quotes. */
const asShown = (markdown: string) => straightQuotes(collapse(markdown.replace(/^- /gm, '')));
const straightQuotes = (s: string) => s.replace(/[\u201c\u201d]/g, '"').replace(/[\u2018\u2019]/g, "'");

const openPanel = openAssistant;

/** Chooses both preferences in 'Personalization Settings' and saves them. */
async function savePreferences(page: Page, journey: string, style: string) {
  const dialog = page.getByRole('dialog', { name: 'Personalization Settings' });
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: journey }).check({ force: true });
  await dialog.getByRole('radio', { name: style }).check({ force: true });
  await dialog.getByRole('button', { name: 'Save Preferences' }).click();
  await expectToast(page, 'Preferences updated', 'Your personalization settings have been saved.');
  await dialog.waitFor({ state: 'detached' });
}

async function expectToast(page: Page, title: string, description: string) {
  const toasts = page.locator('section[aria-label="Notifications (F8)"] li');
  await expect
    .poll(async () => (await toasts.allTextContents()).find((t) => t.startsWith(title)) ?? '', {
      message: `toast '${title}'`,
    })
    .toContain(description);
}

/** The text of the last finished answer, without its labels. */
async function lastAnswerText(page: Page): Promise<string> {
  const last = answers(page).last();
  await expect.poll(() => last.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
  return collapse(await last.locator('[data-answer-text]').innerText());
}

async function askSuggested(page: Page, category: string, question: string) {
  const disclosure = panel(page).getByRole('button', { name: 'Suggested questions' });
  if ((await disclosure.getAttribute('aria-expanded')) !== 'true') await disclosure.click();
  const chip = panel(page).getByRole('button', { name: new RegExp(`^${category}\\b`) });
  if ((await chip.getAttribute('aria-pressed')) !== 'true') await chip.click();
  await panel(page).getByRole('button', { name: question, exact: true }).click();
}

describe.skipIf(!e2eAvailable)('Scripture Assistant with a model (chromium)', () => {
  let e2e: E2E;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    // Free prompts and a cent per output token: a question costs what the fake model reports of its
    // output (1 token unless a test says otherwise), so the usage test lands at 80 % and 100 % of the
    // budget while every charge stays within its reservation (the output cap is what is left).
    fake = await startFakeOpenAi({ defaultBehaviour: { kind: 'answer', chunkDelayMs: 40, completionTokens: 1 } });
    e2e = await startE2E(
      {
        OPENAI_API_KEY: 'sk-test-e2e',
        OPENAI_BASE_URL: fake.baseURL,
        AI_MODEL: 'fake-model',
        AI_PRICE_INPUT_PER_MTOK: '0',
        AI_PRICE_OUTPUT_PER_MTOK: '10000',
      },
      { warmAssistant: true },
    );
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
    await fake?.close();
  });

  it('a reader without a trial or Premium gets the promo; the panel opens from a verse and works from the keyboard', async () => {
    const { page } = await newReader(e2e, 'reader');
    await page.goto('/home?book=john&chapter=3');
    await page.locator('#chapter-heading').waitFor();
    // Clicking a verse offers its actions; Ask opens the panel about that verse.
    await page.locator('#verse-16').click();
    await page
      .getByRole('toolbar', { name: /Verse actions for John 3:16/ })
      .getByRole('button', { name: 'Ask' })
      .click();
    await panel(page).getByRole('heading', { name: 'Scripture Assistant' }).waitFor();
    expect(await panel(page).innerText()).toContain('John 3:16');
    expect(await panel(page).getByRole('link', { name: 'Get 14 Days Free' }).getAttribute('href')).toBe('/trial');
    expect(await panel(page).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscription');
    // Signed in: no 'Sign In'.
    expect(await panel(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(await panel(page).getByRole('button', { name: 'Suggested questions' }).count()).toBe(0);
    expect(await panel(page).getByRole('button', { name: 'Personalization settings' }).count()).toBe(0);
    expect(await panel(page).getByRole('textbox').count()).toBe(0);
    expect((await panel(page).boundingBox())!.width).toBeLessThanOrEqual(450);
    await expectNoSeriousA11yViolations(page);
    // Escape closes the panel and gives focus back to the chat button.
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    const launcher = page.getByRole('button', { name: 'Open Scripture Assistant' });
    expect(await launcher.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await panel(page).getByRole('heading', { name: 'Scripture Assistant' }).waitFor();
  });

  it('a trial reader picks a suggested question and gets the expert answer for their preferences; new preferences change it', async () => {
    const { ctx, page } = await newReader(e2e, 'trial');
    await openPanel(page, '/home?book=john&chapter=3&verse=16');

    // Trial: suggested questions and an upgrade prompt, no text box.
    expect(await panel(page).getByRole('textbox').count()).toBe(0);
    const upgrade = panel(page).getByRole('link', { name: 'Upgrade' });
    expect(await upgrade.getAttribute('href')).toBe('/immediate-upgrade/home%3Fbook%3Djohn%26chapter%3D3%26verse%3D16');

    // No preferences yet: the reminder leads to the dialog.
    const reminder = panel(page).getByRole('region', { name: 'Personalize Your Experience' });
    await reminder.waitFor();
    await reminder.getByRole('button', { name: 'Update preferences' }).click();
    await expectNoSeriousA11yViolations(page);
    // Each group has its help.
    const settings = page.getByRole('dialog', { name: 'Personalization Settings' });
    await settings.getByRole('button', { name: 'About faith journey' }).click();
    const help = page.getByRole('dialog', { name: 'Faith journey' });
    await help.waitFor();
    expect(await help.innerText()).toContain('Bible Scholar');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(await settings.isVisible()).toBe(true);
    // A failed save says so and keeps the dialog; the button says 'Saving...' while it waits.
    await page.route('**/api/user/preferences', async (route) => {
      await new Promise((r) => setTimeout(r, 700));
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The server could not save them.' }),
      });
    });
    await settings.getByRole('radio', { name: 'Growing Believer' }).check({ force: true });
    await settings.getByRole('button', { name: 'Save Preferences' }).click();
    await settings.getByRole('button', { name: 'Saving...' }).waitFor();
    await expectToast(page, 'Failed to update preferences', 'The server could not save them.');
    expect(await settings.isVisible()).toBe(true);
    await page.unroute('**/api/user/preferences');
    await savePreferences(page, 'New to Christianity', 'Simple');
    expect(await reminder.count()).toBe(0);
    await expect.poll(() => panel(page).innerText()).toContain('New to Christianity');

    // The suggestions start closed; chips show counts, the first is chosen, 6 to a page.
    const bank = (await (await ctx.request.get('/api/suggested-questions?book=john&chapter=3')).json()) as {
      questions: { id: string; text: string; category: string }[];
      categories: { category: string; count: number }[];
    };
    expect(bank.questions.length).toBeGreaterThan(0);
    const disclosure = panel(page).getByRole('button', { name: 'Suggested questions' });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    await disclosure.click();
    const first = bank.categories[0]!;
    const firstChip = panel(page).getByRole('button', { name: new RegExp(`^${first.category}\\b`) });
    expect(await firstChip.getAttribute('aria-pressed')).toBe('true');
    expect(collapse(await firstChip.innerText())).toBe(`${first.category} ${first.count} questions`);
    const listed = panel(page).getByRole('list', { name: 'Suggested questions' }).getByRole('button');
    expect(await listed.count()).toBe(Math.min(6, first.count));

    const question = bank.questions.find((q) => q.category === first.category)!;
    await panel(page).getByRole('button', { name: question.text, exact: true }).click();
    // Sending closes the suggestions, so the answer has the room; reopened, the category is
    // deselected: all questions show, 6 a page.
    await expect.poll(() => disclosure.getAttribute('aria-expanded')).toBe('false');
    await disclosure.click();
    expect(await firstChip.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => listed.count()).toBe(Math.min(6, bank.questions.length));
    if (bank.questions.length > 6) {
      const previous = panel(page).getByRole('button', { name: 'Previous' });
      const next = panel(page).getByRole('button', { name: 'Next' });
      expect([await previous.isDisabled(), await next.isDisabled()]).toEqual([true, false]);
      await next.click();
      expect(await listed.count()).toBe(Math.min(6, bank.questions.length - 6));
      expect(await previous.isDisabled()).toBe(false);
      await previous.click();
    }
    const entry = findQuestion(question.id)!;
    expect(entry).toBeTruthy();
    const simple = await lastAnswerText(page);
    expect(straightQuotes(simple)).toBe(asShown(composeExpertAnswer(entry.parts, 'new_to_christianity', 'simple')));
    expect(await answers(page).last().innerText()).toContain('Expert answer from the Lectio library');

    // New preferences, the same question: the answer written for them.
    await panel(page).getByRole('button', { name: 'Personalization settings' }).click();
    await savePreferences(page, 'Bible Scholar', 'Scholarly');
    await askSuggested(page, first.category, question.text);
    await expect.poll(() => answers(page).count()).toBe(2);
    const scholarly = await lastAnswerText(page);
    expect(straightQuotes(scholarly)).toBe(asShown(composeExpertAnswer(entry.parts, 'bible_scholar', 'scholarly')));
    expect(scholarly).not.toBe(simple);

    // The conversation is kept for the passage: reopened after a reload, both answers are there.
    await openPanel(page, '/home?book=john&chapter=3&verse=16');
    await expect.poll(() => answers(page).count()).toBe(2);
    expect(collapse(await answers(page).last().locator('[data-answer-text]').innerText())).toBe(scholarly);
    await expectNoSeriousA11yViolations(page);
  });

  it('a Premium reader asks free text, sees it stream, opens a cited verse, and sees an invented reference marked', async () => {
    fake.reset();
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=john&chapter=3&verse=16');
    const box = panel(page).getByRole('textbox', { name: 'Ask a question about this passage' });
    expect(await box.getAttribute('placeholder')).toBe('Ask a question about this passage...');
    const send = panel(page).getByRole('button', { name: 'Send' });

    // Blank text cannot be sent; Shift+Enter is a new line, Enter sends.
    await box.fill('   \n  ');
    expect(await send.isDisabled()).toBe(true);
    await box.press('Enter');
    expect(await panel(page).getByRole('article').count()).toBe(0);
    await box.fill('Who was Nicodemus');
    await box.press('Shift+Enter');
    await box.type('and what did Jesus tell him?');
    expect(await box.inputValue()).toBe('Who was Nicodemus\nand what did Jesus tell him?');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('');

    // It streams: part of the answer shows while the rest is still coming.
    const answer = answers(page).first();
    await expect.poll(() => answer.count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await answer.getAttribute('aria-busy')) === 'true' && (await answer.innerText()).length > 10, {
        timeout: 15_000,
      })
      .toBe(true);
    const partial = await answer.innerText();
    expect(partial.length).toBeLessThan(200);
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const final = await answer.innerText();
    expect(final).toContain('Christians read');
    expect(fake.requests.length).toBe(1);
    expect(fake.requests[0]!.body.messages!.map((m) => m.content).join('\n')).toContain('Who was Nicodemus');

    // The invented reference is marked, never shown as Scripture.
    expect(final).toMatch(/Hezekiah 3:16\s*Reference not found/);
    expect(await answer.getByRole('link', { name: 'Hezekiah 3:16' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    // An Old Testament reference opens the reader; a misquotation is marked.
    fake.script({
      kind: 'answer',
      text: 'Isaiah saw it: "he was pierced for our transgressions" (Isaiah 53:5). Paul wrote "love is always easy" (1 Corinthians 13:4).',
    });
    await box.fill('Where else is this love described?');
    await box.press('Enter');
    await expect.poll(() => answers(page).count(), { timeout: 15_000 }).toBe(2);
    const second = answers(page).last();
    await expect.poll(() => second.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    expect(collapse(await second.innerText())).toMatch(/love is always easy\s*Quotation does not match the text/);
    // An Old Testament reference opens the reader there, like a New Testament one; Back returns to the conversation.
    const isaiah = second.getByRole('link', { name: 'Isaiah 53:5' });
    expect(await isaiah.getAttribute('href')).toBe('/home?book=isaiah&chapter=53&verse=5');
    await isaiah.click();
    await page.waitForURL(/book=isaiah&chapter=53&verse=5/);
    await expect
      .poll(async () => collapse((await page.locator('#chapter-heading').textContent()) ?? ''))
      .toMatch(/Isaiah\s*53/i);
    await expect.poll(() => page.locator('#verse-5').innerText()).toContain('pierced for our transgressions');
    await expect
      .poll(() =>
        page.locator('#verse-5').getByRole('button', { name: 'Highlight verse 5' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    await page.goBack();
    await expect
      .poll(async () => collapse((await page.locator('#chapter-heading').textContent()) ?? ''))
      .toMatch(/John\s*3/i);
    await expect.poll(() => answers(page).count(), { timeout: 15_000 }).toBe(2);

    // A cited New Testament verse opens the reader there.
    await answer.scrollIntoViewIfNeeded();
    await answer.getByRole('link', { name: '1 John 4:9' }).click();
    await page.waitForURL(/book=john1&chapter=4&verse=9/);
    await expect
      .poll(async () => collapse((await page.locator('#chapter-heading').textContent()) ?? ''))
      .toMatch(/1 John\s*4/i);
    await expect
      .poll(() =>
        page.locator('#verse-9').getByRole('button', { name: 'Highlight verse 9' }).getAttribute('aria-pressed'),
      )
      .toBe('true');
  });

  it('closing the panel mid-answer stops it; reopened, the passage shows its history, never a half answer or an apology', async () => {
    fake.reset();
    fake.script({ kind: 'answer', chunkDelayMs: 150 });
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=john&chapter=3&verse=3');
    const box = panel(page).getByRole('textbox', { name: 'Ask a question about this passage' });
    await box.fill('What does born again mean?');
    await box.press('Enter');
    const answer = answers(page).first();
    await expect
      .poll(async () => (await answer.count()) > 0 && (await answer.innerText()).length > 5, { timeout: 15_000 })
      .toBe(true);
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    await panel(page).getByRole('button', { name: 'Close Scripture Assistant panel' }).click();
    await panel(page).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open Scripture Assistant' }).click();
    await panel(page).getByRole('heading', { name: 'Scripture Assistant' }).waitFor();
    await page.waitForTimeout(1000);
    const statuses = await answers(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    expect(statuses.every((st) => st === 'done')).toBe(true);
    expect(await panel(page).innerText()).not.toContain("I'm sorry");
    // The suggestions say when they cannot be loaded, and when there are none.
    await page.route('**/api/suggested-questions**', (route) => route.fulfill({ status: 500, body: 'down' }));
    await panel(page).getByRole('button', { name: 'Suggested questions' }).click();
    await panel(page)
      .getByText('There was an error loading suggested questions. Please try refreshing the page.')
      .waitFor();
    await panel(page).getByRole('button', { name: 'Suggested questions' }).click();
    await page.route('**/api/suggested-questions**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"questions":[],"categories":[]}' }),
    );
    await panel(page).getByRole('button', { name: 'Suggested questions' }).click();
    await panel(page).getByText('No suggested questions are available at the moment.').waitFor();
    await page.unroute('**/api/suggested-questions**');

    // The reader can ask again at once.
    await box.fill('Who said it?');
    expect(await panel(page).getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
  });

  it('shows the usage banner at 80 % with the remaining dollars, and at the limit the real reset date and the refusal', async () => {
    fake.reset();
    // $4.90 of $6.00 (81.67 %), then the last $1.10.
    fake.script({ kind: 'answer', completionTokens: 490 }, { kind: 'answer', completionTokens: 110 });
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=romans&chapter=8&verse=28');
    // Below 80 % there is no banner; the usage button shows the figures on request.
    expect(await panel(page).getByRole('region', { name: 'Monthly AI usage' }).count()).toBe(0);
    await panel(page).getByRole('button', { name: 'Monthly usage' }).click();
    const figures = panel(page).getByRole('region', { name: 'Monthly AI usage' });
    await expect
      .poll(async () => ((await figures.count()) > 0 ? collapse(await figures.innerText()) : ''))
      .toMatch(/Questions 0 .*Remaining \$6\.00/);
    await panel(page).getByRole('button', { name: 'Monthly usage' }).click();
    await expect.poll(() => figures.count()).toBe(0);
    const box = panel(page).getByRole('textbox', { name: 'Ask a question about this passage' });
    await box.fill('What does it mean that all things work together for good?');
    await box.press('Enter');
    await expect.poll(() => answers(page).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');

    const banner = panel(page).getByRole('region', { name: 'Monthly AI usage' });
    await expect
      .poll(async () => (await banner.count()) > 0 && collapse(await banner.innerText()), { timeout: 10_000 })
      .toContain('Monthly usage update');
    expect(collapse(await banner.innerText())).toContain('You have $1.10 of your $6.00 monthly AI budget remaining.');
    await banner.getByRole('button', { name: 'Details' }).click();
    const meter = banner.getByRole('meter', { name: 'Monthly usage' });
    expect(Number(await meter.getAttribute('aria-valuenow'))).toBeCloseTo((100 * 4.9) / 6, 1);
    expect(await meter.getAttribute('aria-valuetext')).toBe('81.67%');
    expect(collapse(await banner.innerText())).toMatch(/Questions 1 .*Budget \$6\.00 Remaining \$1\.10/);
    await expectNoSeriousA11yViolations(page);

    // The rest of the budget: the limit, with the end of this billing period as the reset date.
    await box.fill('And how does verse 29 follow from it?');
    await box.press('Enter');
    await expect.poll(() => answers(page).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => answers(page).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const usage = (await (await page.context().request.get('/api/user/usage')).json()) as { periodEnd: string };
    expect(usage.periodEnd).toBeTruthy();
    const renews = formatResetDate(usage.periodEnd);
    await expect
      .poll(async () => collapse(await banner.innerText()), { timeout: 10_000 })
      .toContain('Monthly limit reached');
    expect(collapse(await banner.innerText())).toContain(
      `You have used your $6.00 monthly AI budget. Access renews on ${renews}.`,
    );
    expect(collapse(await banner.innerText())).not.toContain('first');

    // One more question is refused with the server's message, not the generic apology.
    await box.fill('One more?');
    await box.press('Enter');
    await expect.poll(() => answers(page).count(), { timeout: 15_000 }).toBe(3);
    await expect.poll(() => answers(page).last().getAttribute('data-status')).toBe('failed');
    const refusal = collapse(await answers(page).last().innerText());
    expect(refusal).toContain('Monthly limit reached');
    expect(refusal).toContain(renews);
    expect(fake.requests.length).toBe(2);
    // The conversation follows the latest message.
    const scroll = panel(page).locator('[data-chat-scroll]');
    await expect
      .poll(() =>
        scroll.evaluate(
          (el) => el.scrollHeight > el.clientHeight && el.scrollHeight - el.scrollTop - el.clientHeight < 2,
        ),
      )
      .toBe(true);
  });
});

describe.skipIf(!e2eAvailable)('Scripture Assistant without a model (chromium)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }, { warmAssistant: true });
  }, 180_000);
  afterAll(() => e2e?.close());

  it("answers a Premium reader's free text from the library, labelled as an offline answer", async () => {
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=romans&chapter=8&verse=28');
    const box = panel(page).getByRole('textbox', { name: 'Ask a question about this passage' });
    await box.fill('How can all things work together for good?');
    await send(box);
    const text = await lastAnswerText(page);
    // Said once, by the label over the answer; its text does not say it again.
    expect(text).not.toContain('offline answer');
    expect(collapse(await answers(page).last().innerText()).match(/offline answer/gi)).toEqual(['Offline answer']);
    // The footer says where answers come from, truly: not a model.
    const footer = await panel(page).locator('[data-assistant-footer]').innerText();
    expect(footer).toBe('Answers come from the Lectio library, not from an AI model, and may be incomplete.');
    expect(await panel(page).innerText()).not.toContain('AI provider');
  });

  // Last: these move this server's clock.
  it('a reader whose trial ended is asked to subscribe, not offered another trial', async () => {
    const { ctx, page } = await newReader(e2e, 'trial');
    expect((await ctx.request.post('/api/cancel-subscription')).ok()).toBe(true);
    // Past the 14 days of a trial cancelled during them: it ends (the development clock runs the due work).
    expect((await ctx.request.post('/api/dev/clock', { data: { advanceDays: 15 } })).ok()).toBe(true);
    await expect
      .poll(
        async () =>
          ((await (await ctx.request.get('/api/user')).json()) as { subscriptionStatus: string }).subscriptionStatus,
      )
      .toBe('inactive');
    await openPanel(page, '/home?book=john&chapter=3&verse=16');
    await panel(page).getByRole('heading', { name: 'Your free trial has ended' }).waitFor();
    expect(await panel(page).getByRole('link', { name: 'Get 14 Days Free' }).count()).toBe(0);
    expect(await panel(page).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscription');
    expect(await panel(page).getByRole('button', { name: 'Suggested questions' }).count()).toBe(0);
  });

  it('a reader who cancels during the trial keeps the suggested questions until the trial ends, then sees the promo', async () => {
    const { ctx, page } = await newReader(e2e, 'trial');
    const cancelled = await ctx.request.post('/api/cancel-subscription');
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await openPanel(page, '/home?book=john&chapter=3&verse=16');
    // Still the trial's panel: suggested questions with their expert answers, no text box.
    const bank = (await (await ctx.request.get('/api/suggested-questions?book=john&chapter=3')).json()) as {
      questions: { text: string; category: string }[];
    };
    const question = bank.questions[0]!;
    await askSuggested(page, question.category, question.text);
    expect(await lastAnswerText(page)).not.toBe('');
    expect(await panel(page).getByRole('textbox').count()).toBe(0);
    // Cancelled is not active: the header offers Premium.
    await page.getByRole('banner').getByRole('link', { name: 'Get Premium' }).waitFor();

    // The trial's end passes (the development clock runs the due work): now the promo.
    expect((await ctx.request.post('/api/dev/clock', { data: { advanceDays: 15 } })).ok()).toBe(true);
    await expect
      .poll(
        async () =>
          ((await (await ctx.request.get('/api/user')).json()) as { subscriptionStatus: string }).subscriptionStatus,
      )
      .toBe('inactive');
    await openPanel(page, '/home?book=john&chapter=3&verse=16');
    await panel(page).getByRole('heading', { name: 'Your free trial has ended' }).waitFor();
    expect(await panel(page).getByRole('link', { name: 'Subscribe Now' }).getAttribute('href')).toBe('/subscription');
    expect(await panel(page).getByRole('button', { name: 'Suggested questions' }).count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'Get Premium' }).waitFor();
  });
});

async function send(box: Locator) {
  await box.press('Enter');
}
