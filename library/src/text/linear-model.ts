/**
 * A linear model over hashed features (features.ts) as the training scripts write it
 * (tools/learn/linear.ts; tools/safety/train.ts, tools/questions/train.ts): a row of class weights
 * for each feature bucket seen in training, stored as gaps between buckets and 16-bit integers
 * times a scale. Read here into typed arrays (about 4 bytes a number) and applied: a message's
 * class scores are the bias plus the rows of its features, found by binary search.
 */
import { type FeatureSet, hashedFeatures } from './features';

/** What a training script writes (the fields every linear model file shares). */
export interface LinearModelFile {
  features: FeatureSet;
  classes: readonly string[];
  /** The feature buckets the model has weights for, ascending, each written as its gap from the one before. */
  bucketGaps: number[];
  /** classes.length integers per bucket, in bucket order; a weight is the integer times `scale`. */
  weights: number[];
  scale: number;
  bias: number[];
}

export interface LoadedLinearModel {
  features: FeatureSet;
  classes: readonly string[];
  buckets: Int32Array;
  weights: Float32Array;
  bias: readonly number[];
}

/** The file's arrays as typed arrays (the file's own arrays can then be let go). */
export function readLinearModel(file: LinearModelFile): LoadedLinearModel {
  const buckets = new Int32Array(file.bucketGaps.length);
  let at = 0;
  file.bucketGaps.forEach((gap, i) => (buckets[i] = at += gap));
  return {
    features: file.features,
    classes: file.classes,
    buckets,
    weights: Float32Array.from(file.weights, (w) => w * file.scale),
    bias: file.bias,
  };
}

function rowOf(buckets: Int32Array, bucket: number): number {
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = buckets[mid]!;
    if (b === bucket) return mid;
    if (b < bucket) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The message's score for each class (log-odds up to a constant), in the model's class order. */
export function classScores(model: LoadedLinearModel, message: string): number[] {
  const k = model.classes.length;
  const z = [...model.bias];
  for (const f of hashedFeatures(message, model.features)) {
    const r = rowOf(model.buckets, f);
    if (r >= 0) for (let c = 0; c < k; c++) z[c]! += model.weights[r * k + c]!;
  }
  return z;
}

/** Scores as probabilities (softmax). */
export function probabilitiesOf(z: number[]): number[] {
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp(v - max));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}
