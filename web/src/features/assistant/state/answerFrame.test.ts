import { describe, expect, it } from 'vitest';
import { assistantMessages } from '@lectio/contracts/assistant';
import { answerFrame, answerLabels, footers, panelFooter } from './answerFrame';
import type { ChatMessage } from './conversation';

const answer = (over: Partial<ChatMessage>): ChatMessage => ({
  id: 'a',
  role: 'assistant',
  content: 'Text.',
  status: 'done',
  citations: [],
  ...over,
});
const offline = `${assistantMessages.offlineNotice}\n\nGrace is God's gift.`;

describe('answerFrame', () => {
  it('an offline answer: the label says it once and the text does not repeat it', () => {
    const frame = answerFrame(answer({ content: offline, source: 'library', kind: 'free' }));
    expect(frame).toEqual({ label: answerLabels.offline, body: "Grace is God's gift." });
    // Also after a check-in or a written answer's notice, and while it streams (no source yet).
    const later = answerFrame(
      answer({ content: `Answered from our written answer.\n\n${offline}`, status: 'streaming' }),
    );
    expect(later).toEqual({
      label: answerLabels.offline,
      body: "Answered from our written answer.\n\nGrace is God's gift.",
    });
  });

  it("a suggested question's expert answer, a safety answer and a model's answer", () => {
    expect(answerFrame(answer({ source: 'library', kind: 'suggested' })).label).toBe(answerLabels.suggested);
    expect(answerFrame(answer({ source: 'library', safety: 'suicide' })).label).toBe('Help and support');
    expect(answerFrame(answer({ source: 'ai', kind: 'free' }))).toEqual({ label: null, body: 'Text.' });
  });
});

describe('panelFooter', () => {
  it('an offline answer never sits above "Responses come from an AI provider"', () => {
    expect(panelFooter([answer({ content: offline, source: 'library', kind: 'free' })], 'premium', 'ai')).toBe(
      footers.library,
    );
    expect(panelFooter([answer({ source: 'library' }), answer({ source: 'ai' })], 'premium')).toBe(footers.ai);
  });

  it('before any answer: the server says who answers; a trial reader gets the library', () => {
    expect(panelFooter([], 'premium', 'library')).toBe(footers.library);
    expect(panelFooter([], 'premium', 'ai')).toBe('Responses come from an AI provider and may be inaccurate.');
    expect(panelFooter([], 'trial')).toBe(footers.library);
  });
});
