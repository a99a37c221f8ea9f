/**
 * The two models the training script compares, both linear over a message's hashed features (so
 * either is stored and read the same way: a row of class weights per feature seen in training):
 * - multinomial logistic regression, L2-regularised, fitted by full-batch Adam;
 * - multinomial naive Bayes over feature presence, Laplace-smoothed.
 * Written here (about a hundred lines) rather than taken from a library: the npm ones either hold
 * dense matrices (2,000 messages x 100,000 features) or carry a tensor runtime for what is a few
 * loops over sparse rows.
 */

export interface Example {
  features: number[];
  label: number;
}

export interface LinearModel {
  /** Feature bucket -> its row in `weights`. */
  index: Map<number, number>;
  /** rows x classes, row-major. */
  weights: Float64Array;
  bias: Float64Array;
  classes: number;
}

/** Buckets seen in at least `minCount` training messages: the model's features. */
function featureIndex(examples: Example[], minCount: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const e of examples) for (const f of e.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const index = new Map<number, number>();
  for (const [f, n] of [...counts].sort((a, b) => a[0] - b[0])) if (n >= minCount) index.set(f, index.size);
  return index;
}

const rowsOf = (index: Map<number, number>, features: number[]) =>
  features.map((f) => index.get(f)).filter((r): r is number => r !== undefined);

/** The summed weights of one message for each class (its log-odds, up to a constant). */
export function logits(model: LinearModel, features: number[]): number[] {
  const z = Array.from(model.bias);
  for (const r of rowsOf(model.index, features))
    for (let c = 0; c < model.classes; c++) z[c]! += model.weights[r * model.classes + c]!;
  return z;
}

export interface LogisticOptions {
  l2: number;
  epochs: number;
  learningRate: number;
  minCount: number;
  /** Weight of each class's examples in the loss (to even out a corpus with more controls than crises). */
  classWeights?: number[];
}

export function trainLogistic(examples: Example[], classes: number, o: LogisticOptions): LinearModel {
  const index = featureIndex(examples, o.minCount);
  const rows = examples.map((e) => rowsOf(index, e.features));
  const n = index.size * classes;
  const weights = new Float64Array(n);
  const bias = new Float64Array(classes);
  // Adam's moments, for the weights and the bias.
  const m = new Float64Array(n + classes);
  const v = new Float64Array(n + classes);
  const grad = new Float64Array(n + classes);
  const cw = o.classWeights ?? new Array<number>(classes).fill(1);
  const total = examples.reduce((s, e) => s + cw[e.label]!, 0);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let epoch = 1; epoch <= o.epochs; epoch++) {
    grad.fill(0);
    examples.forEach((e, i) => {
      const z = Array.from(bias);
      for (const r of rows[i]!) for (let c = 0; c < classes; c++) z[c]! += weights[r * classes + c]!;
      const max = Math.max(...z);
      const ez = z.map((x) => Math.exp(x - max));
      const sum = ez.reduce((a, b) => a + b, 0);
      const w = cw[e.label]! / total;
      for (let c = 0; c < classes; c++) {
        const d = w * (ez[c]! / sum - (c === e.label ? 1 : 0));
        if (d === 0) continue;
        grad[n + c]! += d;
        for (const r of rows[i]!) grad[r * classes + c]! += d;
      }
    });
    for (let k = 0; k < n; k++) grad[k]! += o.l2 * weights[k]!;
    const lr = (o.learningRate * Math.sqrt(1 - b2 ** epoch)) / (1 - b1 ** epoch);
    for (let k = 0; k < n + classes; k++) {
      m[k] = b1 * m[k]! + (1 - b1) * grad[k]!;
      v[k] = b2 * v[k]! + (1 - b2) * grad[k]! * grad[k]!;
      const step = (lr * m[k]!) / (Math.sqrt(v[k]!) + eps);
      if (k < n) weights[k]! -= step;
      else bias[k - n]! -= step;
    }
  }
  return { index, weights, bias, classes };
}

export interface BayesOptions {
  alpha: number;
  minCount: number;
  /** Even priors: the corpus's share of controls is not the share of readers in trouble. */
  uniformPrior: boolean;
}

export function trainNaiveBayes(examples: Example[], classes: number, o: BayesOptions): LinearModel {
  const index = featureIndex(examples, o.minCount);
  const counts = new Float64Array(index.size * classes);
  const perClass = new Float64Array(classes);
  const docs = new Float64Array(classes);
  for (const e of examples) {
    docs[e.label]! += 1;
    for (const r of rowsOf(index, e.features)) {
      counts[r * classes + e.label]! += 1;
      perClass[e.label]! += 1;
    }
  }
  const weights = new Float64Array(index.size * classes);
  for (let r = 0; r < index.size; r++)
    for (let c = 0; c < classes; c++)
      weights[r * classes + c] = Math.log((counts[r * classes + c]! + o.alpha) / (perClass[c]! + o.alpha * index.size));
  const bias = Float64Array.from(docs, (d) => (o.uniformPrior ? 0 : Math.log(d / examples.length)));
  return { index, weights, bias, classes };
}

/** A small seeded generator, so the folds (and the figures) are the same on every run. */
export function seeded(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** The model's rows as library/src/text/linear-model.ts reads them: bucket gaps and 16-bit weights times a scale. */
export function storedWeights(model: LinearModel): {
  bucketGaps: number[];
  weights: number[];
  scale: number;
  bias: number[];
} {
  const rows = [...model.index].sort((a, b) => a[0] - b[0]);
  const maxWeight = model.weights.reduce((m, w) => Math.max(m, Math.abs(w)), 0);
  // 16-bit weights: the scores move by less than 0.01, far below any threshold's margin.
  const scale = maxWeight / 32767;
  return {
    bucketGaps: rows.map(([bucket], i) => bucket - (i > 0 ? rows[i - 1]![0] : 0)),
    weights: rows.flatMap(([, r]) =>
      Array.from(model.weights.subarray(r * model.classes, (r + 1) * model.classes), (w) => Math.round(w / scale)),
    ),
    scale,
    bias: Array.from(model.bias),
  };
}
