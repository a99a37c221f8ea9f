import { describe, expect, it } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { estimatePromptTokens, GROUNDING_RULES, groundingMessages } from './grounding';
import { tokenCounterFor } from './token-count';

const base = {
  text: 'What does love mean here?',
  context: { book: 'corinthians1', chapter: 13, verse: 4, verseText: '' },
};

describe('grounding for the model', () => {
  it('gives the highlighted verse and two neighbours each side in the reader translation, the commentary, and the rules', () => {
    const [system, user] = groundingMessages({
      ...base,
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'kjv',
    });
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('King James Version (KJV)');
    expect(system!.content).toContain('1 Corinthians 13:4 [highlighted]: Charity suffereth long, and is kind');
    for (const v of [2, 3, 5, 6]) expect(system!.content).toContain(`1 Corinthians 13:${v}: `);
    expect(system!.content).not.toContain('1 Corinthians 13:7: ');
    expect(system!.content).toContain("Matthew Henry's Concise Commentary on 1 Corinthians 13");
    for (const rule of GROUNDING_RULES) expect(system!.content).toContain(rule);
    expect(user).toEqual({ role: 'user', content: base.text });
  });

  it("grounds the model on the question as understood: a passage it names wins over the highlighted verse, and the library's material on its subject", () => {
    const quote = groundingMessages({
      text: 'Quote John 3:16 from the King James Version exactly',
      context: { book: 'john', chapter: 1, verse: 1, verseText: '' },
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'web',
    })[0]!.content;
    expect(quote).toContain('The question, as understood: quote a passage word for word.');
    expect(quote).toContain(
      'The passage it names, John 3:16 (KJV): For God so loved the world, that he gave his only begotten Son',
    );
    const who = groundingMessages({
      text: 'Who wrote Hebrews?',
      context: { book: 'john', chapter: 1, verse: 1, verseText: '' },
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'web',
    })[0]!.content;
    expect(who).toContain("a book's author, date, audience or purpose");
    expect(who).toMatch(/Lectio's introduction to Hebrews: author: /);
  });

  it('tells the model who the reader is: faith journey and communication style', () => {
    const newcomer = groundingMessages({
      ...base,
      preferences: { faithJourney: 'new_to_christianity', communicationStyle: 'simple' },
      translation: 'web',
    })[0]!.content;
    expect(newcomer).toContain('New to Christianity');
    expect(newcomer).toMatch(/explain every term/);
    expect(newcomer).toMatch(/at most about 120 words/);
    const scholar = groundingMessages({
      ...base,
      preferences: { faithJourney: 'bible_scholar', communicationStyle: 'scholarly' },
      translation: 'web',
    })[0]!.content;
    expect(scholar).toContain('Bible Scholar');
    expect(scholar).toMatch(/Greek words in the verse \(Strong's\)/);
    expect(scholar).toMatch(/G26|G25/); // agape, the love of 1 Corinthians 13:4
  });

  it('estimates the prompt generously (never fewer tokens than a quarter of its characters)', () => {
    const messages = groundingMessages({
      ...base,
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'web',
    });
    const chars = messages.reduce((n, m) => n + m.content.length, 0);
    expect(estimatePromptTokens(messages)).toBeGreaterThan(chars / 4);
  });

  // Questions a reader may send in any script: Chinese, Korean, Russian, Greek, Hebrew, emoji, digits.
  const scripts = [
    '神爱世人，甚至将他的独生子赐给他们，叫一切信他的，不至灭亡，反得永生。这节经文是什么意思？'.repeat(20),
    '하나님이 세상을 이처럼 사랑하사 독생자를 주셨으니 이는 그를 믿는 자마다 멸망하지 않고 영생을 얻게 하려 하심이라'.repeat(
      15,
    ),
    'Ибо так возлюбил Бог мир, что отдал Сына Своего Единородного. Что это значит? '.repeat(20),
    'כִּי־כֵן אָהַב אֱלֹהִים אֶת־הָעוֹלָם 🙏🕊️✝️ Οὕτως γὰρ ἠγάπησεν ὁ θεὸς τὸν κόσμον '.repeat(20),
    '3:16 4:9 1:1 23:4 '.repeat(100),
  ];
  const messagesFor = (text: string) =>
    groundingMessages({
      text: text.slice(0, 2000),
      context: base.context,
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'web',
    });
  const truth = (count: (s: string) => number, text: string) =>
    messagesFor(text).reduce((n, m) => n + count(m.content), 0);

  it('counts the prompt with the configured model tokenizer: text in any script is never undercounted', async () => {
    const count = await tokenCounterFor('gpt-4o-mini')();
    for (const text of scripts)
      expect(estimatePromptTokens(messagesFor(text), count)).toBeGreaterThanOrEqual(truth(o200k, text));
    const gpt4 = await tokenCounterFor('gpt-4')();
    for (const text of scripts)
      expect(estimatePromptTokens(messagesFor(text), gpt4)).toBeGreaterThanOrEqual(truth(cl100k, text));
  });

  it('for a model without a known tokenizer, counts conservatively (at least what either OpenAI tokenizer makes)', async () => {
    const count = await tokenCounterFor('llama-3.1-8b-instruct')();
    for (const text of scripts) {
      const estimate = estimatePromptTokens(messagesFor(text), count);
      expect(estimate).toBeGreaterThanOrEqual(truth(o200k, text));
      expect(estimate).toBeGreaterThanOrEqual(truth(cl100k, text));
    }
  });
});
