import { randomUUID } from 'node:crypto';
import { afterAll, describe, it } from 'vitest';
import { streams } from '@lectio/contracts/events';
import { projectionSpec } from '@lectio/platform/testing';
import { chatHistoryProjection } from './chat-history';

// assistant_chat_history_view, given each event type the `chat-history` projection handles.
const spec = projectionSpec(chatHistoryProjection);
afterAll(() => spec.close());

const history = `SELECT book, chapter, verse, kind, question, response, citations, source, faith_journey, communication_style, safety
  FROM assistant_chat_history_view WHERE user_id = $1 ORDER BY position`;
const citation = {
  text: 'John 3:16',
  book: 'john',
  chapter: 3,
  verse: 16,
  verseEnd: null,
  valid: true,
  href: '/home?book=john&chapter=3&verse=16',
  quote: null,
};
const preferences = { faithJourney: 'bible_scholar' as const, communicationStyle: null };
const place = { book: 'john', chapter: 3, verse: 16 };

describe('chat-history read model', () => {
  it('ChatExchanged: the question and the answer with its citations, source and preferences (a repeat changes nothing)', async () => {
    const userId = randomUUID();
    const exchanged = {
      streamId: streams.chat(userId),
      type: 'ChatExchanged' as const,
      data: {
        exchangeId: randomUUID(),
        kind: 'free' as const,
        questionId: null,
        ...place,
        question: 'Who is meant by the world?',
        response: 'Everyone (John 3:16).',
        citations: [citation],
        source: 'ai' as const,
        preferences,
        askedAt: '2026-11-20T10:00:00.000Z',
        answeredAt: '2026-11-20T10:00:05.000Z',
      },
    };
    await spec.given(exchanged, exchanged).then(
      history,
      [userId],
      [
        {
          ...place,
          kind: 'free',
          question: 'Who is meant by the world?',
          response: 'Everyone (John 3:16).',
          citations: [citation],
          source: 'ai',
          faith_journey: 'bible_scholar',
          communication_style: null,
          safety: null,
        },
      ],
    );
  });

  it("SafetyResponseGiven: our answer and its category, never the reader's message", async () => {
    const userId = randomUUID();
    await spec
      .given({
        streamId: streams.chat(userId),
        type: 'SafetyResponseGiven',
        data: {
          responseId: randomUUID(),
          category: 'self_harm',
          ...place,
          response: 'You are not alone. Call or text 988.',
          citations: [],
          preferences,
          givenAt: '2026-11-20T11:00:00.000Z',
        },
      })
      .then(
        history,
        [userId],
        [
          {
            ...place,
            kind: 'free',
            question: '',
            response: 'You are not alone. Call or text 988.',
            citations: [],
            source: 'library',
            faith_journey: 'bible_scholar',
            communication_style: null,
            safety: 'self_harm',
          },
        ],
      );
  });
});
