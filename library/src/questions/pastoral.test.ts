import { describe, it, expect } from 'vitest';
import { composeExpertAnswer } from './compose';
import { findPastoralAnswer, pastoralAnswers, pastoralAnswersFor } from './pastoral';

describe('pastoral answers', () => {
  it('are found by the passage a reader has open', () => {
    expect(pastoralAnswersFor('Hebrews 6:4').map((a) => a.id)).toEqual(['pastoral-general-hebrews-6-falling-away']);
    expect(pastoralAnswersFor('Acts 5').map((a) => a.id)).toEqual(['pastoral-general-ananias-and-sapphira']);
    expect(pastoralAnswersFor('Mark 3:29').map((a) => a.id)).toEqual(['pastoral-general-unforgivable-sin']);
    expect(pastoralAnswersFor('John 3:16')).toEqual([]);
  });

  it('say that forgiveness is not reconciliation, and keep the comfort in every answer to a frightening passage', () => {
    const parent = findPastoralAnswer('pastoral-general-forgiving-a-parent')!;
    for (const style of ['simple', 'moderate', 'scholarly'] as const) {
      expect(composeExpertAnswer(parent.parts, 'growing_believer', style)).toMatch(
        /forgiv\w+ is not the same as (?:reconciliation|trusting again)/i,
      );
    }
    const hebrews6 = findPastoralAnswer('pastoral-general-hebrews-6-falling-away')!;
    expect(composeExpertAnswer(hebrews6.parts, 'new_to_christianity', 'simple')).toContain(
      '"we are persuaded of better things for you" (Hebrews 6:9)',
    );
    const frightening = pastoralAnswers().filter((a) =>
      /unforgivable|ananias|hebrews|hell|never-knew|unworthily/.test(a.id),
    );
    expect(frightening.every((a) => a.parts.reassurance)).toBe(true);
  });
});
