import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type FakeOpenAi, startFakeOpenAi } from '@lectio/testing/openai';
import { composeExpertAnswer, findQuestion, questionsFor } from '@lectio/library';
import { assistantPanel, newReader, openAssistant } from './assistant-readers';
import { type E2E, e2eAvailable, expectNoSeriousA11yViolations, startE2E } from './harness';

/*
 * Answers worth trusting, in chromium: a reader in crisis sees the helplines as links (and the
 * model never sees the message), a veiled message gets a check-in and then the answer, a question
 * about Judas's death gets an answer, a trial reader's suggested question sent as the spec's
 * {message, context} is answered and shown, a long streamed answer opens at its first line with
 * focus on it, and on a phone the panel is a full-height sheet. The model is the local fake
 * OpenAI-compatible server.
 */

const panel = assistantPanel;
const answers = (page: Page) => panel(page).getByRole('article', { name: /^Assistant answer/ });
const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

const openPanel = openAssistant;

async function ask(page: Page, text: string) {
  const box = panel(page).getByRole('textbox', { name: 'Ask a question about this passage' });
  await box.fill(text);
  await box.press('Enter');
}

/** A veiled message: partial evidence of distress (the check-in band of the safety check), asking about the verse. */
const VEILED = 'Lately I feel like everyone would be fine without me. What does Paul mean here about departing?';

const LONG_ANSWER = Array.from(
  { length: 24 },
  (_, i) =>
    `Paragraph ${i + 1}. God's love in John 3:16 reaches the whole world, and this part of the answer says so at some length to fill the view.`,
).join('\n\n');

describe.skipIf(!e2eAvailable)('answers worth trusting (chromium)', () => {
  let e2e: E2E;
  let fake: FakeOpenAi;

  beforeAll(async () => {
    // Free prompts and $7.50 per thousand output tokens: an answer costs what the fake model reports
    // of its output (1 token unless a test says otherwise); one reporting the 800-token cap spends
    // the whole $6.00 within its reservation.
    fake = await startFakeOpenAi({ defaultBehaviour: { kind: 'answer', chunkDelayMs: 5, completionTokens: 1 } });
    e2e = await startE2E(
      {
        OPENAI_API_KEY: 'sk-test-e2e',
        OPENAI_BASE_URL: fake.baseURL,
        AI_MODEL: 'fake-model',
        AI_PRICE_INPUT_PER_MTOK: '0',
        AI_PRICE_OUTPUT_PER_MTOK: '7500',
      },
      { warmAssistant: true },
    );
  }, 180_000);
  afterAll(async () => {
    await e2e?.close();
    await fake?.close();
  });

  it('a reader in crisis sees care and the helplines as links, and the model never sees the message', async () => {
    fake.reset();
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=matthew&chapter=27&verse=46');
    await ask(page, 'I feel like God has abandoned me and i dont want to live anymore');
    const answer = answers(page).last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(await answer.getAttribute('aria-label')).toBe('Assistant answer: Help and support');
    const text = collapse(await answer.innerText());
    expect(text).toMatch(/^Help and support I’m really glad you told me\./);
    expect(await answer.getByRole('link', { name: '988', exact: true }).getAttribute('href')).toBe('tel:988');
    expect(await answer.getByRole('link', { name: '116 123' }).getAttribute('href')).toBe('tel:116123');
    expect(await answer.getByRole('link', { name: 'findahelpline.com' }).getAttribute('href')).toBe(
      'https://findahelpline.com',
    );
    expect(await answer.getByRole('link', { name: '911' }).getAttribute('href')).toBe('tel:911');
    expect(text).toContain('Yahweh is near to those who have a broken heart');
    expect(fake.requests).toHaveLength(0);
    await expectNoSeriousA11yViolations(page);

    // Reopened, the helplines are there again, and the message is not.
    await openPanel(page, '/home?book=matthew&chapter=27&verse=46');
    await expect.poll(() => answers(page).count()).toBe(1);
    expect(await answers(page).first().getByRole('link', { name: '988', exact: true }).count()).toBe(1);
    expect(await panel(page).innerText()).not.toContain('abandoned');
  });

  it("a Premium reader's veiled message gets a warm check-in with the helplines as links, then the answer; the model is told to answer gently", async () => {
    fake.reset();
    fake.script({
      kind: 'answer',
      text: 'Paul weighs staying and going, and chooses to stay for the people he loves (Philippians 1:24-25).',
      completionTokens: 1,
    });
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=philippians&chapter=1&verse=23');
    await ask(page, VEILED);
    const answer = answers(page).last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    // An answer, not the crisis screen: labelled as one, with the check-in first and the answer after it.
    expect(await answer.getAttribute('aria-label')).toBe('Assistant answer');
    const text = collapse(await answer.locator('[data-answer-text]').innerText());
    expect(text).toMatch(/^If you’re carrying something heavy right now, you don’t have to carry it alone\./);
    expect(await answer.getByRole('link', { name: '988', exact: true }).getAttribute('href')).toBe('tel:988');
    expect(await answer.getByRole('link', { name: '116 123' }).getAttribute('href')).toBe('tel:116123');
    expect(text.indexOf('988')).toBeLessThan(text.indexOf('chooses to stay for the people he loves'));
    expect(text).toContain('“Yahweh is near to those who have a broken heart');
    // The model answered, told what never to set beside distress.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.messages![0]!.content).toContain(
      'Never set beside it anything that could be read as commending death',
    );
  });

  it("a question about Judas's death gets an answer, not the crisis screen", async () => {
    fake.reset();
    fake.script({
      kind: 'answer',
      text: 'Matthew 27:5 says Judas went away and hanged himself; Acts 1:18 tells it another way.',
      completionTokens: 1,
    });
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=matthew&chapter=27&verse=5');
    await ask(page, 'Why did Judas hang himself, and how does that fit with Acts 1:18?');
    const answer = answers(page).last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 15_000 }).toBe('done');
    expect(await answer.getAttribute('aria-label')).toBe('Assistant answer');
    const text = collapse(await answer.locator('[data-answer-text]').innerText());
    expect(text).toContain('Judas went away and hanged himself');
    expect(text).not.toContain('988');
    expect(await answer.getByRole('link', { name: '988', exact: true }).count()).toBe(0);
    expect(fake.requests).toHaveLength(1);
  });

  it("a trial reader's suggested question sent as the spec's {message, context} is answered, and the panel shows it", async () => {
    fake.reset();
    const { ctx, page } = await newReader(e2e, 'trial');
    const q = questionsFor('john', 3)[1]!;
    const r = await ctx.request.post('/api/chat', {
      data: { message: q.question.toLowerCase(), context: { book: 'john', chapter: 3, verse: 1, verseText: '' } },
    });
    expect(r.status(), await r.text()).toBe(200);
    const body = (await r.json()) as { kind: string; response: string };
    expect(body.kind).toBe('suggested');
    expect(body.response).toBe(composeExpertAnswer(findQuestion(q.id)!.parts, null, null));
    await openPanel(page, '/home?book=john&chapter=3&verse=1');
    await expect.poll(() => answers(page).count()).toBe(1);
    // Shown as written, its straight quotes curled (composed text; the Bible's quotations keep theirs).
    const straight = (t: string) => collapse(t).replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
    expect(straight(await answers(page).first().locator('[data-answer-text]').innerText())).toBe(
      straight(body.response),
    );
    expect(await answers(page).first().innerText()).toContain('Expert answer from the Lectio library');
    expect(fake.requests).toHaveLength(0);
  });

  it("a Premium reader's long answer opens at its first line, with focus on it; suggestions close when a question is sent; Escape still closes", async () => {
    fake.reset();
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=john&chapter=3&verse=16');
    await ask(page, 'Who was Nicodemus, in a word?');
    await expect.poll(() => answers(page).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');

    const disclosure = panel(page).getByRole('button', { name: 'Suggested questions' });
    await disclosure.click();
    expect(await disclosure.getAttribute('aria-expanded')).toBe('true');
    fake.script({ kind: 'answer', text: LONG_ANSWER, chunkDelayMs: 10, completionTokens: 1 });
    await ask(page, 'How far does this love reach?');
    await expect.poll(() => disclosure.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => answers(page).count()).toBe(2);
    const answer = answers(page).last();
    await expect.poll(() => answer.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    await page.waitForTimeout(300);

    const scroll = panel(page).locator('[data-chat-scroll]');
    const view = await scroll.evaluate((box) => {
      const a = [...box.querySelectorAll('article')].at(-1)!;
      const b = box.getBoundingClientRect();
      const r = a.getBoundingClientRect();
      return {
        answerTop: r.top - b.top,
        boxHeight: b.height,
        fromEnd: box.scrollHeight - box.scrollTop - box.clientHeight,
      };
    });
    // The answer's first line is in view, near the top; its end is far below.
    expect(view.answerTop).toBeGreaterThanOrEqual(0);
    expect(view.answerTop).toBeLessThan(view.boxHeight / 3);
    expect(view.fromEnd).toBeGreaterThan(200);
    await expect.poll(() => answer.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(collapse(await answer.innerText())).toContain('Paragraph 1.');

    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });
    expect(
      await page
        .getByRole('button', { name: 'Open Scripture Assistant' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('the monthly limit notice sits above the input, outside the scrolled conversation', async () => {
    fake.reset();
    fake.script({ kind: 'answer', completionTokens: 800 });
    const { page } = await newReader(e2e, 'premium');
    await openPanel(page, '/home?book=romans&chapter=8&verse=28');
    await ask(page, 'What does it mean that all things work together for good?');
    await expect.poll(() => answers(page).last().getAttribute('data-status'), { timeout: 30_000 }).toBe('done');
    const banner = panel(page).getByRole('region', { name: 'Monthly AI usage' });
    await expect
      .poll(async () => (await banner.count()) > 0 && collapse(await banner.innerText()), { timeout: 15_000 })
      .toContain('Monthly limit reached');
    expect(await banner.evaluate((el) => el.closest('[data-chat-scroll]') === null)).toBe(true);
    const input = panel(page).getByRole('textbox', { name: 'Ask a question about this passage' });
    expect((await banner.boundingBox())!.y + (await banner.boundingBox())!.height).toBeLessThanOrEqual(
      (await input.boundingBox())!.y,
    );
  });

  it('on a phone (390 px) the panel is a full-height sheet whose title fits one line', async () => {
    const { page } = await newReader(e2e, 'premium', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await openPanel(page, '/home?book=john&chapter=3&verse=16');
    // Polled: the panel's code may still be replacing its loading frame (the same box) when the title shows.
    await expect.poll(() => panel(page).boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const title = panel(page).getByRole('heading', { name: 'Scripture Assistant' });
    // Polled: the sheet's title is laid out a frame after the panel opens.
    const lines = () =>
      title.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    await expect.poll(lines).toBe(1);
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The sheet's own close button closes it.
    await panel(page).getByRole('button', { name: 'Close Scripture Assistant panel' }).click();
    await panel(page).waitFor({ state: 'detached' });
  });
});
