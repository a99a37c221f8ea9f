/**
 * Trains the safety classifier and writes library/data/safety/model.json.gz:
 *   npx tsx tools/safety/train.ts            (compare, choose, train on everything, write)
 *   npx tsx tools/safety/train.ts --dry-run  (compare and print only)
 *   npx tsx tools/safety/train.ts --dry-run --quick  (naive Bayes only: seconds, not minutes)
 *   ... --misses  (also list the training messages the chosen check gets wrong out of fold)
 *
 * Reads only the training corpus (tools/safety/corpus/, see corpus.ts), never the held-out sets.
 * Every candidate model is measured by 5-fold cross-validation (folds stratified by label and
 * form), as the whole check: the rules first, then the classifier's out-of-fold score against two
 * thresholds, both chosen on the out-of-fold scores:
 * - check-in: the lowest score at which at most CONTROL_ALARMS of the hard controls and at most
 *   QUESTION_ALARMS of the ordinary questions raise an alarm (either band);
 * - crisis: the lowest score at which at most CRISIS_CONTROL_ALARMS of the controls would get the
 *   crisis answer instead of an answer.
 * The candidate with the best mean recall of direct and veiled messages at those thresholds wins;
 * it is then trained on the whole corpus and written with its thresholds and figures.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_FEATURES,
  combineSafety,
  ruleConcern,
  SAFETY_CLASSES,
  type SafetyModelFile,
  hashedFeatures,
} from '@lectio/library';
import { SAFETY_CATEGORIES, type SafetyCategory } from '@lectio/contracts/safety';
import { type CorpusMessage, readCorpus } from './corpus';
import {
  type Example,
  type LinearModel,
  logits,
  seeded,
  storedWeights,
  trainLogistic,
  trainNaiveBayes,
} from '../learn/linear';

const FOLDS = 5;
const CONTROL_ALARMS = 0.02;
const QUESTION_ALARMS = 0.0075;
const CRISIS_CONTROL_ALARMS = 0.005;

/** A model trained on its own: naive Bayes or logistic regression, over all six classes or over none/any crisis. */
interface Base {
  name: string;
  train(examples: Example[]): LinearModel;
}

/** Naive Bayes over two classes, none and any crisis, widened to the six: the same log-odds for every category (so it moves the distress score, never the category). */
const distressOnly =
  (train: (ex: Example[], classes: number) => LinearModel) =>
  (ex: Example[]): LinearModel => {
    const two = train(
      ex.map((e) => ({ ...e, label: e.label === 0 ? 0 : 1 })),
      2,
    );
    const k = SAFETY_CLASSES.length;
    const weights = new Float64Array(two.index.size * k);
    for (let r = 0; r < two.index.size; r++)
      for (let c = 0; c < k; c++) weights[r * k + c] = two.weights[r * 2 + (c === 0 ? 0 : 1)]!;
    return {
      index: two.index,
      weights,
      bias: Float64Array.from({ length: k }, (_, c) => two.bias[c === 0 ? 0 : 1]!),
      classes: k,
    };
  };

const BASES: Base[] = [
  ...[0.05, 0.1, 0.2].map((alpha) => ({
    name: `naive Bayes, alpha ${alpha}`,
    train: (ex: Example[]) => trainNaiveBayes(ex, SAFETY_CLASSES.length, { alpha, minCount: 1, uniformPrior: true }),
  })),
  {
    name: 'naive Bayes on none/crisis, alpha 0.1',
    train: distressOnly((ex, k) => trainNaiveBayes(ex, k, { alpha: 0.1, minCount: 1, uniformPrior: true })),
  },
  {
    name: 'logistic regression, L2 0.001, crisis classes weighted 3',
    train: (ex: Example[]) =>
      trainLogistic(ex, SAFETY_CLASSES.length, {
        l2: 0.001,
        epochs: 150,
        learningRate: 0.05,
        minCount: 2,
        classWeights: [1, 3, 3, 3, 3, 3],
      }),
  },
  {
    name: 'logistic regression, L2 0.003, crisis classes weighted 2',
    train: (ex: Example[]) =>
      trainLogistic(ex, SAFETY_CLASSES.length, {
        l2: 0.003,
        epochs: 150,
        learningRate: 0.05,
        minCount: 2,
        classWeights: [1, 2, 2, 2, 2, 2],
      }),
  },
];

/**
 * A candidate is one base model or a weighted sum of several. A sum of linear models over the
 * same features is itself one (its weights summed row by row), so an ensemble is stored and read
 * like any model. Each further member is first brought to the spread of the first one's
 * out-of-fold distress scores, so that the mixing weights compare like with like.
 */
interface Candidate {
  name: string;
  members: { base: string; mix: number }[];
}

const CANDIDATES: Candidate[] = [
  ...BASES.filter((b) => !b.name.includes('none/crisis')).map((b) => ({
    name: b.name,
    members: [{ base: b.name, mix: 1 }],
  })),
  ...[0.5, 1, 2, 4].map((mix) => ({
    name: `naive Bayes alpha 0.1 + ${mix} x naive Bayes on none/crisis`,
    members: [
      { base: 'naive Bayes, alpha 0.1', mix: 1 },
      { base: 'naive Bayes on none/crisis, alpha 0.1', mix },
    ],
  })),
  ...[0.5, 1].map((mix) => ({
    name: `naive Bayes alpha 0.1 + ${mix} x logistic regression (crisis weighted 2)`,
    members: [
      { base: 'naive Bayes, alpha 0.1', mix: 1 },
      { base: 'logistic regression, L2 0.003, crisis classes weighted 2', mix },
    ],
  })),
  ...[0.5, 1, 2].map((mix) => ({
    name: `naive Bayes alpha 0.1 + ${mix} x naive Bayes on none/crisis + ${mix} x logistic regression (crisis weighted 2)`,
    members: [
      { base: 'naive Bayes, alpha 0.1', mix: 1 },
      { base: 'naive Bayes on none/crisis, alpha 0.1', mix },
      { base: 'logistic regression, L2 0.003, crisis classes weighted 2', mix },
    ],
  })),
  ...[1, 2].map((mix) => ({
    name: `naive Bayes alpha 0.1 + ${mix} x naive Bayes on none/crisis + ${mix} x logistic regression (L2 0.001, crisis weighted 3)`,
    members: [
      { base: 'naive Bayes, alpha 0.1', mix: 1 },
      { base: 'naive Bayes on none/crisis, alpha 0.1', mix },
      { base: 'logistic regression, L2 0.001, crisis classes weighted 3', mix },
    ],
  })),
];

/** The weighted sum of linear models: one linear model. */
function sumOf(models: { model: LinearModel; weight: number }[]): LinearModel {
  const classes = models[0]!.model.classes;
  const buckets = [...new Set(models.flatMap(({ model }) => [...model.index.keys()]))].sort((a, b) => a - b);
  const index = new Map(buckets.map((b, r) => [b, r]));
  const weights = new Float64Array(buckets.length * classes);
  const bias = new Float64Array(classes);
  for (const { model, weight } of models) {
    for (const [bucket, row] of model.index) {
      const r = index.get(bucket)!;
      for (let c = 0; c < classes; c++) weights[r * classes + c]! += weight * model.weights[row * classes + c]!;
    }
    for (let c = 0; c < classes; c++) bias[c]! += weight * model.bias[c]!;
  }
  return { index, weights, bias, classes };
}

const spread = (xs: number[]) => {
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length) || 1;
};

function foldsOf(corpus: CorpusMessage[]): number[] {
  const random = seeded(7);
  const groups = new Map<string, number[]>();
  corpus.forEach((m, i) => groups.set(`${m.label} ${m.form}`, [...(groups.get(`${m.label} ${m.form}`) ?? []), i]));
  const fold = new Array<number>(corpus.length).fill(0);
  for (const ids of groups.values())
    ids
      .map((i) => [random(), i] as const)
      .sort((a, b) => a[0] - b[0])
      .forEach(([, i], j) => (fold[i] = j % FOLDS));
  return fold;
}

const logSumExp = (xs: number[]) => {
  const m = Math.max(...xs);
  return m + Math.log(xs.reduce((a, x) => a + Math.exp(x - m), 0));
};

/** What scoreSafety gives, from a model's class scores. */
function scoreOf(z: number[]) {
  const rest = z.slice(1);
  const best = rest.indexOf(Math.max(...rest));
  return { distress: logSumExp(rest) - z[0]!, category: SAFETY_CATEGORIES[best] ?? 'suicide' };
}

/** The lowest threshold at which at most `share` of `scores` reach it. */
function thresholdFor(scores: number[], share: number): number {
  const sorted = [...scores].sort((a, b) => b - a);
  const allowed = Math.floor(share * sorted.length);
  return (sorted[allowed] ?? -Infinity) + 1e-9;
}

interface Figures {
  direct: number;
  veiled: number;
  rightCategory: number;
  controls: number;
  controlsCrisis: number;
  questions: number;
  /** Veiled recall by category: where more written messages would help most. */
  veiledBy: Record<string, number>;
  /** Training messages the check gets wrong out of fold (for --misses). */
  misses: string[];
  thresholds: SafetyModelFile['thresholds'];
}

function measure(corpus: CorpusMessage[], rules: (SafetyCategory | null)[], z: number[][]): Figures {
  const scores = z.map(scoreOf);
  const ids = (form: CorpusMessage['form']) => corpus.map((m, i) => (m.form === form ? i : -1)).filter((i) => i >= 0);
  const [controls, questions, direct, veiled] = [ids('control'), ids('question'), ids('direct'), ids('veiled')];
  // Messages a rule already flags are alarms whatever the threshold: the thresholds answer for the rest.
  const unflagged = (list: number[]) => list.filter((i) => !rules[i]).map((i) => scores[i]!.distress);
  const budget = (list: number[], share: number) =>
    Math.max(0, share * list.length - list.filter((i) => rules[i]).length) / Math.max(1, unflagged(list).length);
  const checkIn = Math.max(
    thresholdFor(unflagged(controls), budget(controls, CONTROL_ALARMS)),
    thresholdFor(unflagged(questions), budget(questions, QUESTION_ALARMS)),
  );
  const crisis = Math.max(checkIn, thresholdFor(unflagged(controls), budget(controls, CRISIS_CONTROL_ALARMS)));
  const thresholds = { crisis, checkIn };
  const signals = corpus.map((_, i) => combineSafety(rules[i] ?? null, scores[i]!, thresholds));
  const rate = (list: number[], hit: (i: number) => boolean) => list.filter(hit).length / list.length;
  const crises = [...direct, ...veiled];
  return {
    direct: rate(direct, (i) => signals[i] !== null),
    veiled: rate(veiled, (i) => signals[i] !== null),
    rightCategory: rate(crises, (i) => signals[i]?.category === corpus[i]!.label),
    controls: rate(controls, (i) => signals[i] !== null),
    controlsCrisis: rate(controls, (i) => signals[i]?.band === 'crisis'),
    questions: rate(questions, (i) => signals[i] !== null),
    veiledBy: Object.fromEntries(
      SAFETY_CATEGORIES.map((c) => [
        c,
        rate(
          veiled.filter((i) => corpus[i]!.label === c),
          (i) => signals[i] !== null,
        ),
      ]),
    ),
    misses: corpus.flatMap((m, i) =>
      (m.label === 'none') === (signals[i] === null)
        ? []
        : [`${m.label} ${m.form} ${scores[i]!.distress.toFixed(1)}: ${m.text}`],
    ),
    thresholds,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const describe = (f: Figures) =>
  `recall direct ${pct(f.direct)}, veiled ${pct(f.veiled)} (right category ${pct(f.rightCategory)}); false alarms: hard controls ${pct(f.controls)} (crisis answer ${pct(f.controlsCrisis)}), ordinary questions ${pct(f.questions)}`;

function main() {
  const dryRun = process.argv.includes('--dry-run');
  const corpus = readCorpus();
  const count = (f: (m: CorpusMessage) => boolean) => corpus.filter(f).length;
  console.log(
    `corpus: ${corpus.length} messages: ${count((m) => m.form === 'direct')} direct, ${count((m) => m.form === 'veiled')} veiled, ${count((m) => m.form === 'control')} hard controls, ${count((m) => m.form === 'question')} ordinary questions`,
  );
  const examples: Example[] = corpus.map((m) => ({
    features: hashedFeatures(m.text, DEFAULT_FEATURES),
    label: SAFETY_CLASSES.indexOf(m.label),
  }));
  const rules = corpus.map((m) => ruleConcern(m.text));
  const fold = foldsOf(corpus);
  console.log(
    `rules alone: ${describe(
      measure(
        corpus,
        rules,
        corpus.map(() => [0, -Infinity, -Infinity, -Infinity, -Infinity, -Infinity]),
      ),
    )}`,
  );

  // Each base model's out-of-fold logits, once; a candidate's are its members' weighted sum.
  const quick = process.argv.includes('--quick');
  const bases = new Map(
    BASES.filter((b) => !quick || !b.name.startsWith('logistic')).map((b) => {
      const started = Date.now();
      const z: number[][] = new Array<number[]>(corpus.length);
      for (let k = 0; k < FOLDS; k++) {
        const model = b.train(examples.filter((_, i) => fold[i] !== k));
        examples.forEach((e, i) => {
          if (fold[i] === k) z[i] = logits(model, e.features);
        });
      }
      console.log(`  (${b.name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
      return [b.name, { base: b, z, spread: spread(z.map((zi) => scoreOf(zi).distress)) }] as const;
    }),
  );
  const results = CANDIDATES.filter((c) => c.members.every((m) => bases.has(m.base))).map((c) => {
    // The first member keeps its own scale (the distress score's log-sum-exp depends on it); the others are brought to it.
    const unit = bases.get(c.members[0]!.base)!.spread;
    const members = c.members.map((m) => ({
      ...bases.get(m.base)!,
      weight: (m.mix * unit) / bases.get(m.base)!.spread,
    }));
    const z = corpus.map((_, i) =>
      members[0]!.z[i]!.map((_, c) => members.reduce((a, m) => a + m.weight * m.z[i]![c]!, 0)),
    );
    const figures = measure(corpus, rules, z);
    console.log(`${c.name}: ${describe(figures)}`);
    return { candidate: c, members, figures };
  });
  const best = results.reduce((a, b) =>
    b.figures.direct + b.figures.veiled > a.figures.direct + a.figures.veiled ? b : a,
  );
  console.log(
    `chosen: ${best.candidate.name}; veiled recall by category: ${Object.entries(best.figures.veiledBy)
      .map(([c, r]) => `${c} ${pct(r)}`)
      .join(', ')}`,
  );
  // The training messages the chosen check gets wrong: to see what to write next (never held-out ones).
  if (process.argv.includes('--misses')) for (const m of best.figures.misses) console.log(`  miss: ${m}`);
  if (dryRun) return;

  const model = sumOf(best.members.map((m) => ({ model: m.base.train(examples), weight: m.weight })));
  const stored = storedWeights(model);
  const file: SafetyModelFile = {
    about: {
      trainedBy: 'tools/safety/train.ts',
      corpus: `${corpus.length} messages of tools/safety/corpus/`,
      model: best.candidate.name,
      why: 'the best mean of direct and veiled recall in 5-fold cross-validation, with the thresholds held to the false-alarm limits below',
      limits: {
        hardControls: CONTROL_ALARMS,
        ordinaryQuestions: QUESTION_ALARMS,
        crisisAnswerOnHardControls: CRISIS_CONTROL_ALARMS,
      },
      crossValidated: Object.fromEntries(results.map((r) => [r.candidate.name, describe(r.figures)])),
    },
    features: DEFAULT_FEATURES,
    classes: SAFETY_CLASSES,
    ...stored,
    thresholds: best.figures.thresholds,
  };
  const out = new URL('../../library/data/safety/', import.meta.url);
  mkdirSync(out, { recursive: true });
  // Gzipped (readData reads either form): a third of the size in the repository.
  writeFileSync(fileURLToPath(new URL('model.json.gz', out)), gzipSync(`${JSON.stringify(file)}\n`, { level: 9 }));
  rmSync(fileURLToPath(new URL('model.json', out)), { force: true });
  console.log(
    `wrote library/data/safety/model.json.gz: ${stored.bucketGaps.length} features, thresholds ${JSON.stringify(file.thresholds)}`,
  );
}

main();
