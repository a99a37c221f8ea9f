/**
 * The trained safety classifier: a linear model over a message's hashed features (features.ts),
 * trained by tools/safety/train.ts on the corpus in tools/safety/corpus/ and stored in
 * library/data/safety/model.json.gz (how it was chosen, its cross-validated figures and the two
 * thresholds are in that file). Here it is only read and applied: a row of class weights for each
 * feature the message has, summed, and turned into probabilities.
 *
 * Memory: the buckets (one Int32Array) and the weights (one Float32Array), about 4 bytes a number;
 * a message is scored by a binary search per feature.
 */
import { SAFETY_CATEGORIES, type SafetyCategory } from '@lectio/contracts/safety';
import { readData } from '../data';
import {
  classScores,
  type LoadedLinearModel,
  type LinearModelFile,
  probabilitiesOf,
  readLinearModel,
} from '../text/linear-model';

/** The classes in the order of the model's columns: 'none' first, then the categories. */
export const SAFETY_CLASSES = ['none', ...SAFETY_CATEGORIES] as const;

/** What tools/safety/train.ts writes. */
export interface SafetyModelFile extends LinearModelFile {
  /** Which model was chosen and why, with its cross-validated figures (for people; not read here). */
  about: Record<string, unknown>;
  /** On the distress log-odds (logsumexp of the categories' scores minus the none score). */
  thresholds: { crisis: number; checkIn: number };
}

let model: { linear: LoadedLinearModel; thresholds: SafetyModelFile['thresholds'] } | undefined;

/** The model file, parsed once into typed arrays. */
function loaded() {
  if (model) return model;
  const file = readData<SafetyModelFile>('safety/model.json');
  if (file.classes.join() !== SAFETY_CLASSES.join())
    throw new Error(
      'library/data/safety/model.json: its classes are not the safety categories; run tools/safety/train.ts',
    );
  model = { linear: readLinearModel(file), thresholds: file.thresholds };
  return model;
}

export interface SafetyScore {
  /** Log-odds that the message shows a reader in danger (any category) rather than none. */
  distress: number;
  /** The most likely category, were it one. */
  category: SafetyCategory;
  /** Probabilities in SAFETY_CLASSES order. */
  probabilities: number[];
}

/** The classifier's reading of a message. */
export function scoreSafety(message: string): SafetyScore {
  const z = classScores(loaded().linear, message);
  const probabilities = probabilitiesOf(z);
  const max = Math.max(...z);
  const rest = z.slice(1).map((v) => Math.exp(v - max));
  const best = rest.indexOf(Math.max(...rest));
  return {
    distress: Math.log(rest.reduce((a, b) => a + b, 0)) + max - z[0]!,
    category: SAFETY_CATEGORIES[best] ?? 'suicide',
    probabilities,
  };
}

/** The thresholds the training script chose on cross-validation. */
export function safetyThresholds(): SafetyModelFile['thresholds'] {
  return loaded().thresholds;
}
