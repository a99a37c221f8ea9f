/**
 * What kind of question a reader asks, read by a classifier trained by tools/questions/train.ts on
 * the labelled questions of tools/questions/corpus/ (one file a kind) and stored in
 * library/data/question-kinds/model.json.gz, with which model was chosen by cross-validation and
 * its figures. Here it is only read and applied (text/linear-model.ts).
 */
import { readData } from '../data';
import {
  classScores,
  type LinearModelFile,
  type LoadedLinearModel,
  probabilitiesOf,
  readLinearModel,
} from '../text/linear-model';

/** The kinds, in the order of the model's columns. */
export const ASKED_KINDS = [
  'quote',
  'where',
  'meaning',
  'why_how',
  'who_what',
  'word',
  'book',
  'compare',
  'contested',
  'personal',
  'followup',
  'offtopic',
] as const;
export type AskedKind = (typeof ASKED_KINDS)[number];

export const isAskedKind = (s: string): s is AskedKind => ASKED_KINDS.some((k) => k === s);

/** What tools/questions/train.ts writes. */
export interface AskedKindModelFile extends LinearModelFile {
  /** Which model was chosen and why, with its cross-validated figures (for people; not read here). */
  about: Record<string, unknown>;
}

let model: LoadedLinearModel | undefined;

function loaded(): LoadedLinearModel {
  if (model) return model;
  const file = readData<AskedKindModelFile>('question-kinds/model.json');
  if (file.classes.join() !== ASKED_KINDS.join())
    throw new Error(
      'library/data/question-kinds/model.json: its classes are not the question kinds; run tools/questions/train.ts',
    );
  return (model = readLinearModel(file));
}

export interface AskedKindReading {
  kind: AskedKind;
  /** The model's probability of `kind`. */
  confidence: number;
  /** Every kind's probability. */
  probabilities: ReadonlyMap<AskedKind, number>;
}

/** The classifier's reading of a question. */
export function classifyQuestion(question: string): AskedKindReading {
  const p = probabilitiesOf(classScores(loaded(), question));
  const best = p.indexOf(Math.max(...p));
  return {
    kind: ASKED_KINDS[best] ?? 'meaning',
    confidence: p[best] ?? 0,
    probabilities: new Map(ASKED_KINDS.map((k, i) => [k, p[i] ?? 0])),
  };
}
