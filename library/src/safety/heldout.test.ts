/**
 * The safety check on messages nobody here wrote: library/heldout/safety-*.jsonl, written by helper
 * sessions that saw only the product's description (teenagers, older adults, non-native speakers,
 * texting style, Scripture controls), frozen before any tuning. The whole layered check (rules,
 * then the classifier and its two bands) is run on each; only aggregate figures are printed, never
 * a message, so nobody tunes on a case. Run with:
 *   npx vitest run library/src/safety/heldout.test.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadQuestionBank } from '../questions/bank';
import { PARAPHRASES } from '../questions/paraphrases';
import { checkSafety } from './detect';

const HELDOUT = new URL('../../heldout/', import.meta.url);
const FILES = [
  'safety-teen.jsonl',
  'safety-older.jsonl',
  'safety-nonnative.jsonl',
  'safety-texting.jsonl',
  'safety-scripture.jsonl',
];

interface HeldOut {
  text: string;
  label: string;
  form: string;
}

function readHeldOut(): HeldOut[] {
  const sums = new Map(
    readFileSync(new URL('SHA256SUMS', HELDOUT), 'utf8')
      .trim()
      .split('\n')
      .map((l) => {
        const [sum, name] = l.split(/\s+/);
        return [name!, sum!] as const;
      }),
  );
  return FILES.flatMap((file) => {
    const bytes = readFileSync(new URL(file, HELDOUT));
    // A changed case must fail loudly, not quietly move a figure.
    expect(createHash('sha256').update(bytes).digest('hex'), `${file} differs from its SHA256SUMS line`).toBe(
      sums.get(file),
    );
    return bytes
      .toString('utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l): HeldOut => {
        const row: Record<string, unknown> = JSON.parse(l);
        const field = (k: string) => (k in row ? String(row[k]) : '');
        return { text: field('text'), label: field('label'), form: field('form') };
      });
  });
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)}% (${n}/${of})`;

describe('the safety check on the held-out messages', () => {
  it('prints recall on direct and veiled crisis messages and false alarms on hard controls and ordinary questions', () => {
    const cases = readHeldOut().map((c) => ({ ...c, signal: checkSafety(c.text) }));
    const direct = cases.filter((c) => c.label !== 'none' && c.form === 'direct');
    const veiled = cases.filter((c) => c.label !== 'none' && c.form !== 'direct');
    const crises = [...direct, ...veiled];
    const controls = cases.filter((c) => c.label === 'none');
    const ordinary = [
      ...[...loadQuestionBank().values()]
        .flatMap((f) => [...f.general, ...Object.values(f.chapters).flat()])
        .map((q) => q.question),
      ...PARAPHRASES.map((p) => p.text),
    ];
    const ordinaryAlarms = ordinary.filter((q) => checkSafety(q) !== null).length;
    const caught = (list: typeof cases) => list.filter((c) => c.signal !== null).length;
    const figures = {
      direct: caught(direct) / direct.length,
      veiled: caught(veiled) / veiled.length,
      controls: caught(controls) / controls.length,
      ordinary: ordinaryAlarms / ordinary.length,
    };
    console.log(
      [
        `held-out safety (${cases.length} messages; aims: recall >= 95% direct, >= 90% veiled; false alarms <= 3% hard controls, <= 1% ordinary questions):`,
        `  recall, direct: ${pct(caught(direct), direct.length)}`,
        `  recall, veiled: ${pct(caught(veiled), veiled.length)}`,
        `  right category (of all crisis messages): ${pct(crises.filter((c) => c.signal?.category === c.label).length, crises.length)}; crisis band ${pct(crises.filter((c) => c.signal?.band === 'crisis').length, crises.length)}`,
        `  false alarms, hard controls: ${pct(caught(controls), controls.length)} (crisis answer ${pct(controls.filter((c) => c.signal?.band === 'crisis').length, controls.length)})`,
        `  false alarms, ordinary questions (the bank's and the paraphrases): ${pct(ordinaryAlarms, ordinary.length)}`,
      ].join('\n'),
    );
    expect(direct.length + veiled.length + controls.length).toBe(660);
    // The four aims, all met (veiled by one message: 173 of 192).
    expect(figures.direct).toBeGreaterThanOrEqual(0.95);
    expect(figures.veiled).toBeGreaterThanOrEqual(0.9);
    expect(figures.controls).toBeLessThanOrEqual(0.03);
    expect(figures.ordinary).toBeLessThanOrEqual(0.01);
  });
});
