import { describe, expect, it } from 'vitest';
import { estimatePromptTokens, GROUNDING_RULES, groundingMessages } from './grounding';

const base = { text: 'What does love mean here?', context: { book: 'corinthians1', chapter: 13, verse: 4, verseText: '' } };

describe('grounding for the model', () => {
  it('gives the highlighted verse and two neighbours each side in the reader translation, the commentary, and the rules', () => {
    const [system, user] = groundingMessages({ ...base, preferences: { faithJourney: null, communicationStyle: null }, translation: 'kjv' });
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('King James Version (KJV)');
    expect(system!.content).toContain('1 Corinthians 13:4 [highlighted]: Charity suffereth long, and is kind');
    for (const v of [2, 3, 5, 6]) expect(system!.content).toContain(`1 Corinthians 13:${v}: `);
    expect(system!.content).not.toContain('1 Corinthians 13:7: ');
    expect(system!.content).toContain("Matthew Henry's Concise Commentary on 1 Corinthians 13");
    for (const rule of GROUNDING_RULES) expect(system!.content).toContain(rule);
    expect(user).toEqual({ role: 'user', content: base.text });
  });

  it('tells the model who the reader is: faith journey and communication style', () => {
    const newcomer = groundingMessages({ ...base, preferences: { faithJourney: 'new_to_christianity', communicationStyle: 'simple' }, translation: 'web' })[0]!
      .content;
    expect(newcomer).toContain('New to Christianity');
    expect(newcomer).toMatch(/explain every term/);
    expect(newcomer).toMatch(/at most about 120 words/);
    const scholar = groundingMessages({ ...base, preferences: { faithJourney: 'bible_scholar', communicationStyle: 'scholarly' }, translation: 'web' })[0]!
      .content;
    expect(scholar).toContain('Bible Scholar');
    expect(scholar).toMatch(/Greek words in the verse \(Strong's\)/);
    expect(scholar).toMatch(/G26|G25/); // agape, the love of 1 Corinthians 13:4
  });

  it('estimates the prompt generously (never fewer tokens than a quarter of its characters)', () => {
    const messages = groundingMessages({ ...base, preferences: { faithJourney: null, communicationStyle: null }, translation: 'web' });
    const chars = messages.reduce((n, m) => n + m.content.length, 0);
    expect(estimatePromptTokens(messages)).toBeGreaterThan(chars / 4);
  });
});
