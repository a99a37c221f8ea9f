import { describe, expect, it } from 'vitest';
import { loadQuestionBank } from '../questions/bank';
import { detectSafetyConcern, safetyReading } from './detect';
import { CONTROLS, CRISIS } from './safety-corpus';

describe('the safety check on its corpus', () => {
  const found = CRISIS.map((c) => ({ ...c, got: detectSafetyConcern(c.text)?.category ?? null }));
  const falseAlarms = CONTROLS.filter((t) => detectSafetyConcern(t) !== null);

  it('has at least 60 crisis phrasings and 60 controls', () => {
    expect(CRISIS.length).toBeGreaterThanOrEqual(60);
    expect(CONTROLS.length).toBeGreaterThanOrEqual(60);
  });

  it('recognises every direct phrasing, in its category', () => {
    const missed = found.filter((c) => c.kind === 'direct' && c.got !== c.category).map((c) => `${c.text} -> ${c.got ?? 'nothing'}`);
    expect(missed).toEqual([]);
  });

  it('prints precision and recall; recall at least 95 % on the indirect and misspelt, no control triggers', () => {
    const truePositives = found.filter((c) => c.got !== null).length;
    const precision = truePositives / (truePositives + falseAlarms.length);
    const recall = truePositives / CRISIS.length;
    const byKind = (['direct', 'indirect', 'misspelt'] as const).map((kind) => {
      const of = found.filter((c) => c.kind === kind);
      return `${kind} ${of.filter((c) => c.got !== null).length}/${of.length}`;
    });
    const rightCategory = found.filter((c) => c.got === c.category).length;
    console.log(
      `safety corpus: ${CRISIS.length} crisis, ${CONTROLS.length} controls; precision ${(precision * 100).toFixed(1)}%, recall ${(recall * 100).toFixed(1)}% (${byKind.join(', ')}); right category ${rightCategory}/${CRISIS.length}`,
    );
    expect(falseAlarms).toEqual([]);
    const missed = found.filter((c) => c.got === null).map((c) => c.text);
    expect(missed.length / CRISIS.length, `missed: ${missed.join(' | ')}`).toBeLessThanOrEqual(0.05);
    expect(found.filter((c) => c.got !== null && c.got !== c.category).map((c) => `${c.text} -> ${c.got}`)).toEqual([]);
  });

  it('never triggers on one of our own suggested questions', () => {
    const questions = [...loadQuestionBank().values()].flatMap((f) => [...f.general, ...Object.values(f.chapters).flat()]);
    expect(questions.length).toBeGreaterThan(200);
    expect(questions.filter((q) => detectSafetyConcern(q.question) !== null).map((q) => q.question)).toEqual([]);
  });
});

describe('reading a message', () => {
  it('writes contractions and informal spellings out and corrects misspellings towards the rules, but not English words', () => {
    expect(safetyReading("I don't wanna kil myslef")).toBe(' i do not want to kill myself ');
    expect(safetyReading('I want to dye my hair')).toBe(' i want to dye my hair ');
    expect(safetyReading('KILLLLL MYSELF')).toBe(' kill myself ');
  });
});
