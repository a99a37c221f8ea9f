import { describe as suite, expect, it } from 'vitest';
import type { RecordedEvent } from '@lectio/contracts/events';
import { describe } from './summaries';

const event = (type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: '00000000-0000-4000-8000-000000000002',
  type,
  schemaVersion: 1,
  metadata: { correlationId: '00000000-0000-4000-8000-000000000003', actor: { type: 'user' } },
  data,
  streamId: 'usage-00000000-0000-4000-8000-000000000001-2026-12',
  revision: 0n,
  position: 0n,
  createdAt: new Date('2026-12-07T03:00:00Z'),
});

suite('support summaries', () => {
  it("name a passage by its book's name, not its id ('John 3:16', not 'john 3:16')", () => {
    expect(describe(event('ChatExchanged', { kind: 'free_text', book: 'john', chapter: 3, verse: 16 })).summary).toBe(
      'Conversation on John 3:16 (free_text question)',
    );
    expect(
      describe(event('QuestionAsked', { kind: 'suggested', book: 'corinthians1', chapter: 13, verse: null })).summary,
    ).toBe('Asked a suggested question on 1 Corinthians 13');
  });
});
