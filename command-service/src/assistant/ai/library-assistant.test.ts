import { describe, expect, it } from 'vitest';
import { assistantMessages } from '@lectio/contracts/assistant';
import { checkCitations, questionsFor } from '@lectio/library';
import { expertAnswer } from '../expert-answer';
import { composeLibraryAnswer, createLibraryAssistant } from './library-assistant';

const john316 = { book: 'john', chapter: 3, verse: 16, verseText: '' };

describe('offline library assistant', () => {
  it('answers free text saying plainly that it is an offline answer from the library, quoting our text exactly and crediting sources', async () => {
    const port = createLibraryAssistant();
    expect(port.metered).toBe(false);
    const prepared = await port.prepare({
      text: 'What does this verse say about love?',
      context: john316,
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'web',
    });
    const streamed: string[] = [];
    const answer = await prepared.answer({ maxOutputTokens: 0, onDelta: (t) => streamed.push(t) });
    expect(answer.source).toBe('library');
    expect(answer.usage).toBeNull();
    expect(answer.text.startsWith(assistantMessages.offlineNotice)).toBe(true);
    expect(answer.text).toMatch(/not from an AI model/);
    expect(answer.text).toContain('World English Bible');
    expect(answer.text).toMatch(/Sources: /);
    expect(streamed.join('')).toBe(answer.text);
    const citations = checkCitations(answer.text);
    const own = citations.find((c) => c.book === 'john' && c.chapter === 3 && c.verse === 16);
    expect(own?.valid).toBe(true);
    expect(own?.href).toBe('/home?book=john&chapter=3&verse=16');
    expect(own?.quote?.matches).toBe(true);
    expect(citations.every((c) => c.quote === null || c.quote.matches)).toBe(true);
  });

  it('follows the reader translation and the style (simple is shorter than scholarly)', () => {
    const base = { text: 'Who is speaking here?', context: john316 };
    const kjv = composeLibraryAnswer({
      ...base,
      preferences: { faithJourney: null, communicationStyle: 'simple' },
      translation: 'kjv',
    });
    expect(kjv).toContain('King James Version');
    expect(kjv).toMatch(/For God so loved the world, that he gave his only begotten Son/);
    const scholarly = composeLibraryAnswer({
      ...base,
      preferences: { faithJourney: 'bible_scholar', communicationStyle: 'scholarly' },
      translation: 'web',
    });
    expect(scholarly.length).toBeGreaterThanOrEqual(kjv.length);
  });

  it('a question about a chapter with no verse highlighted still answers from that chapter', () => {
    const text = composeLibraryAnswer({
      text: 'What is this chapter about?',
      context: { book: 'romans', chapter: 8, verse: null, verseText: '' },
      preferences: { faithJourney: null, communicationStyle: null },
      translation: 'web',
    });
    expect(text).toContain('Romans 8');
    expect(checkCitations(text).every((c) => c.valid)).toBe(true);
  });
});

describe('expert answers to suggested questions', () => {
  it('is the written answer for the reader preferences, different for different preferences, citing valid verses', () => {
    const [first] = questionsFor('john', 3);
    expect(first).toBeDefined();
    const newcomer = expertAnswer(first!.id, { faithJourney: 'new_to_christianity', communicationStyle: 'simple' });
    const scholar = expertAnswer(first!.id, { faithJourney: 'bible_scholar', communicationStyle: 'scholarly' });
    expect(newcomer.question).toBe(first!.question);
    expect(newcomer.text).not.toBe(scholar.text);
    expect(scholar.text.length).toBeGreaterThan(newcomer.text.length);
    const citations = checkCitations(newcomer.text);
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.valid)).toBe(true);
  });

  it('an unknown question id is refused with the contract message', () => {
    expect(() => expertAnswer('no-such-question', { faithJourney: null, communicationStyle: null })).toThrow(
      assistantMessages.unknownQuestion,
    );
  });
});
