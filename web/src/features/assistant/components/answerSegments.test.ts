import { describe, expect, it } from 'vitest';
import { segmentAnswer, type SegmentCitation } from './answerSegments';

const cite = (text: string, quote: SegmentCitation['quote'] = null) => ({ text, quote });

describe('segmentAnswer', () => {
  it('marks references and their quotations in reading order, leaving the rest as text', () => {
    const answer = 'Jesus says "God so loved the world" (John 3:16). Compare Hezekiah 3:16.';
    const john = cite('John 3:16', { text: 'God so loved the world', matches: true });
    const hez = cite('Hezekiah 3:16');
    const { segments, unplaced } = segmentAnswer(answer, [john, hez]);
    expect(unplaced).toEqual([]);
    expect(segments.map((s) => [s.kind, s.text])).toEqual([
      ['text', 'Jesus says "'],
      ['quote', 'God so loved the world'],
      ['text', '" ('],
      ['reference', 'John 3:16'],
      ['text', '). Compare '],
      ['reference', 'Hezekiah 3:16'],
      ['text', '.'],
    ]);
    expect(segments.map((s) => s.text).join('')).toBe(answer);
  });

  it('finds a quotation after its reference, and the same reference twice', () => {
    const answer = 'Romans 8:28: "all things work together for good". Again, Romans 8:28.';
    const first = cite('Romans 8:28', { text: 'all things work together for good', matches: false });
    const second = cite('Romans 8:28');
    const { segments } = segmentAnswer(answer, [first, second]);
    expect(segments.filter((s) => s.kind !== 'text').map((s) => [s.kind, s.text, s.citation])).toEqual([
      ['reference', 'Romans 8:28', first],
      ['quote', 'all things work together for good', first],
      ['reference', 'Romans 8:28', second],
    ]);
  });

  it('returns a citation whose words are not in the answer as unplaced, never dropping it', () => {
    const ghost = cite('Jude 2:1');
    const { segments, unplaced } = segmentAnswer('No references here.', [ghost]);
    expect(segments).toEqual([{ kind: 'text', text: 'No references here.' }]);
    expect(unplaced).toEqual([ghost]);
  });

  it('keeps markup-looking text as plain text', () => {
    const answer = '<img src=x onerror=alert(1)> John 1:1';
    const { segments } = segmentAnswer(answer, [cite('John 1:1')]);
    expect(segments[0]).toEqual({ kind: 'text', text: '<img src=x onerror=alert(1)> ' });
  });
});
