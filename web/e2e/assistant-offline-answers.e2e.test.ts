import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { assistantPanel, newReader, openAssistant } from './assistant-readers';
import { type E2E, e2eAvailable, startE2E } from './harness';

/*
 * Offline answers as a Premium reader sees them, in chromium, with no model configured (the
 * default): three kinds of question (a verse quoted, who or what, a word) and a follow-up, each
 * answer's Markdown rendered (lists as lists, no "- " left at a line start), the offline label said
 * once per answer, and a footer that never claims an AI provider under them.
 */

const panel = assistantPanel;
const answers = (page: Page) => panel(page).getByRole('article', { name: 'Assistant answer' });

async function ask(page: Page, text: string): Promise<Locator> {
  const before = await answers(page).count();
  const box = panel(page).getByRole('textbox', { name: 'Ask a question about this passage' });
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => answers(page).count(), { timeout: 20_000 }).toBe(before + 1);
  const answer = answers(page).last();
  await expect.poll(() => answer.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
  return answer;
}

describe.skipIf(!e2eAvailable)('offline answers as a Premium reader sees them (chromium)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '' }, { warmAssistant: true });
  }, 180_000);
  afterAll(() => e2e?.close());

  it('a quote, a who-or-what, a Gospel comparison and a follow-up: lists rendered, one offline label each, no AI-provider footer', async () => {
    const { page } = await newReader(e2e, 'premium');
    // Four answers on a machine its neighbours may load: each step may take longer than the harness's 10 s.
    page.setDefaultTimeout(30_000);
    await openAssistant(page, '/home?book=john&chapter=3&verse=16');
    // Before any answer the footer already says who answers on this server.
    const footer = panel(page).locator('[data-assistant-footer]');
    await expect
      .poll(() => footer.innerText())
      .toBe('Answers come from the Lectio library, not from an AI model, and may be incomplete.');

    const questions = [
      'Quote John 3:16 from the King James Version exactly',
      'Who were the Pharisees?',
      "How is Matthew's account of the Beatitudes different from Luke's?",
      'Can you explain that more simply?',
    ];
    let lists = 0;
    let offline = 0;
    for (const question of questions) {
      const answer = await ask(page, question);
      const body = answer.locator('[data-answer-text]');
      const text = await body.innerText();
      expect(text.trim().length, question).toBeGreaterThan(40);
      // Markdown rendered: no list marker left as text at the start of a line, and lists are real lists.
      expect(text, question).not.toMatch(/^\s*[-*] /m);
      const items = await body.locator('li').count();
      if (items > 0) expect(await body.locator('ul, ol').count(), question).toBeGreaterThan(0);
      lists += items;
      // One label over the answer says where it comes from (a question close to one of our written answers gets that
      // answer, labelled as ours); an offline answer's text does not say it again.
      const labels = await answer.locator('[data-answer-label]').allInnerTexts();
      expect(labels.length, question).toBe(1);
      expect(
        ['Offline answer from the Lectio library, not from an AI model', 'Expert answer from the Lectio library'],
        question,
      ).toContain(labels[0]);
      expect((await answer.innerText()).match(/offline answer/gi) ?? [], question).toHaveLength(
        labels[0]!.startsWith('Offline') ? 1 : 0,
      );
      offline += labels[0]!.startsWith('Offline') ? 1 : 0;
      // Composed text has curly quotes, like the Bible's own.
      expect(text, question).not.toMatch(/"/);
      expect(await footer.innerText(), question).toBe(
        'Answers come from the Lectio library, not from an AI model, and may be incomplete.',
      );
      expect(await panel(page).innerText(), question).not.toContain('AI provider');
    }
    expect(lists).toBeGreaterThan(0);
    expect(offline).toBeGreaterThanOrEqual(3);
  }, 90_000);
});
