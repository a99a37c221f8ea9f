import { describe, expect, it } from 'vitest';
import { suggestionPage } from './suggestions';

const q = (n: number, category: string) => ({ id: `q${n}`, text: `Question ${n}`, category });
const bank = [...Array.from({ length: 8 }, (_, i) => q(i, 'Meaning')), q(8, 'Words'), q(9, '')];

describe('suggestionPage', () => {
  it('pages 6 at a time with Previous/Next off at the ends', () => {
    const first = suggestionPage(bank, 'Meaning', 0);
    expect(first.questions.map((x) => x.id)).toEqual(['q0', 'q1', 'q2', 'q3', 'q4', 'q5']);
    expect([first.hasPrevious, first.hasNext, first.pages]).toEqual([false, true, 2]);
    const second = suggestionPage(bank, 'Meaning', 1);
    expect(second.questions.map((x) => x.id)).toEqual(['q6', 'q7']);
    expect([second.hasPrevious, second.hasNext]).toEqual([true, false]);
  });

  it('shows every question when no category is chosen; an empty category is General; pages are clamped', () => {
    expect(suggestionPage(bank, null, 5).questions.map((x) => x.id)).toEqual(['q6', 'q7', 'q8', 'q9']);
    expect(suggestionPage(bank, 'General', 0).questions.map((x) => x.id)).toEqual(['q9']);
    expect(suggestionPage([], 'Meaning', 0)).toMatchObject({
      questions: [],
      pages: 1,
      hasPrevious: false,
      hasNext: false,
    });
  });
});
