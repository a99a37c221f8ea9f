import { describe, expect, it } from 'vitest';
import { findQuestion } from './bank';
import { MATCH_THRESHOLD, matchBankQuestion, rankBankQuestions } from './match';
import { PARAPHRASES } from './paraphrases';

/** Precision and recall of the matcher on the held-out paraphrases at one threshold. */
function measure(threshold: number) {
  let right = 0;
  let wrong = 0;
  const mistakes: string[] = [];
  for (const p of PARAPHRASES) {
    const best = rankBankQuestions(p.text, p.book, p.chapter)[0];
    const got = best && best.score >= threshold ? best.entry.id : null;
    if (got === null) {
      if (p.means)
        mistakes.push(`missed: "${p.text}" -> ${p.means} (best ${best?.entry.id} ${best?.score.toFixed(2)})`);
      continue;
    }
    if (got === p.means) right++;
    else {
      wrong++;
      mistakes.push(`wrong: "${p.text}" -> ${got} ${best!.score.toFixed(2)}, means ${p.means}`);
    }
  }
  const positives = PARAPHRASES.filter((p) => p.means).length;
  return {
    precision: right / Math.max(1, right + wrong),
    recall: right / positives,
    right,
    wrong,
    positives,
    mistakes,
  };
}

describe('matching a reader question to a written one', () => {
  it('has at least 100 paraphrases and negatives, every expected question in the bank', () => {
    expect(PARAPHRASES.filter((p) => p.means).length).toBeGreaterThanOrEqual(100);
    expect(PARAPHRASES.filter((p) => !p.means).length).toBeGreaterThanOrEqual(30);
    expect(PARAPHRASES.filter((p) => p.means && !findQuestion(p.means)).map((p) => p.means)).toEqual([]);
  });

  it('prints precision and recall on the held-out paraphrases; precision at least 90 % at the threshold', () => {
    for (const t of [0.4, 0.5, 0.55, 0.6, 0.65, 0.7]) {
      const m = measure(t);
      console.log(
        `question matcher at ${t.toFixed(2)}: precision ${(m.precision * 100).toFixed(1)}% (${m.right} right, ${m.wrong} wrong), recall ${(m.recall * 100).toFixed(1)}% of ${m.positives}`,
      );
    }
    const m = measure(MATCH_THRESHOLD);
    console.log(m.mistakes.join('\n'));
    expect(m.precision).toBeGreaterThanOrEqual(0.9);
    expect(m.recall).toBeGreaterThanOrEqual(0.7);
  });

  it('matches a suggested question typed as it is, and a question at another book only to its own or the generic questions', () => {
    expect(matchBankQuestion('Who was Nicodemus?', 'john', 3)?.entry.id).toBe('john-3-nicodemus');
    expect(matchBankQuestion('Who was Nicodemus?', 'john', 3)?.score).toBeCloseTo(1);
    expect(matchBankQuestion('Who was Nicodemus?', 'romans', 8)).toBeNull();
    expect(matchBankQuestion('How can I apply this passage to my life?', null, null)?.entry.id).toBe(
      'generic-general-apply',
    );
  });
});
