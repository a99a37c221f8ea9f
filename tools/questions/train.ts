/**
 * Trains the question-kind classifier and writes library/data/question-kinds/model.json.gz:
 *   npx tsx tools/questions/train.ts            (compare, choose, train on everything, write)
 *   npx tsx tools/questions/train.ts --dry-run  (compare and print only)
 *
 * Reads only the labelled questions of tools/questions/corpus/ (<kind>.txt, one question a line,
 * written for this), never the held-out sets. Candidates (logistic regression and naive Bayes,
 * tools/learn/linear.ts, over two feature sets of text/features.ts) are measured by 5-fold
 * cross-validation, folds stratified by kind; the best accuracy wins (ties: macro-F1), is trained
 * on the whole corpus and written with its figures.
 */
import { readdirSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  ASKED_KINDS,
  type AskedKindModelFile,
  DEFAULT_FEATURES,
  type FeatureSet,
  hashedFeatures,
  isAskedKind,
} from '@lectio/library';
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
const CORPUS = new URL('./corpus/', import.meta.url);
const WORDS_ONLY: FeatureSet = { words: true, stems: true, bigrams: true, trigrams: false, chars: null };
/** The default set with the question's shape (text/features.ts): its first words, length, quotes, references, pointing back. */
const WITH_SHAPE: FeatureSet = { ...DEFAULT_FEATURES, shape: true };

interface Labelled {
  text: string;
  label: number;
}

function readCorpus(): Labelled[] {
  return readdirSync(CORPUS)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .flatMap((file) => {
      const kind = file.replace(/\.txt$/, '');
      if (!isAskedKind(kind))
        throw new Error(`tools/questions/corpus/${file}: not a question kind (${ASKED_KINDS.join(', ')})`);
      return readFileSync(new URL(file, CORPUS), 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .map((text) => ({ text, label: ASKED_KINDS.indexOf(kind) }));
    });
}

interface Candidate {
  name: string;
  features: FeatureSet;
  train(examples: Example[]): LinearModel;
}

const K = ASKED_KINDS.length;
const CANDIDATES: Candidate[] = [WITH_SHAPE, DEFAULT_FEATURES, WORDS_ONLY].flatMap((features) => {
  const set = `${features.chars ? 'words, stems, 2-3 grams and 3-5 letters' : 'words, stems and 2-grams'}${features.shape ? ' and shape' : ''}`;
  return [
    ...[0.001, 0.003].map((l2) => ({
      name: `logistic regression, L2 ${l2}, ${set}`,
      features,
      train: (ex: Example[]) => trainLogistic(ex, K, { l2, epochs: 120, learningRate: 0.05, minCount: 1 }),
    })),
    ...[0.1, 0.5].map((alpha) => ({
      name: `naive Bayes, alpha ${alpha}, ${set}`,
      features,
      train: (ex: Example[]) => trainNaiveBayes(ex, K, { alpha, minCount: 1, uniformPrior: true }),
    })),
  ];
});

function foldsOf(corpus: Labelled[]): number[] {
  const random = seeded(11);
  const fold = new Array<number>(corpus.length).fill(0);
  for (let label = 0; label < K; label++)
    corpus
      .map((m, i) => [random(), i, m.label] as const)
      .filter(([, , l]) => l === label)
      .sort((a, b) => a[0] - b[0])
      .forEach(([, i], j) => (fold[i] = j % FOLDS));
  return fold;
}

const argmax = (z: number[]) => z.indexOf(Math.max(...z));
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function main() {
  const dryRun = process.argv.includes('--dry-run');
  const corpus = readCorpus();
  console.log(
    `corpus: ${corpus.length} questions, ${ASKED_KINDS.map((k, i) => `${k} ${corpus.filter((m) => m.label === i).length}`).join(', ')}`,
  );
  const fold = foldsOf(corpus);
  const results = CANDIDATES.map((c) => {
    const examples = corpus.map((m) => ({ features: hashedFeatures(m.text, c.features), label: m.label }));
    const predicted = new Array<number>(corpus.length).fill(-1);
    for (let k = 0; k < FOLDS; k++) {
      const model = c.train(examples.filter((_, i) => fold[i] !== k));
      examples.forEach((e, i) => {
        if (fold[i] === k) predicted[i] = argmax(logits(model, e.features));
      });
    }
    const accuracy = predicted.filter((p, i) => p === corpus[i]!.label).length / corpus.length;
    const f1s = ASKED_KINDS.map((_, label) => {
      const tp = predicted.filter((p, i) => p === label && corpus[i]!.label === label).length;
      const fp = predicted.filter((p, i) => p === label && corpus[i]!.label !== label).length;
      const fn = predicted.filter((p, i) => p !== label && corpus[i]!.label === label).length;
      return tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
    });
    const macroF1 = f1s.reduce((a, b) => a + b, 0) / K;
    const figures = `accuracy ${pct(accuracy)}, macro-F1 ${pct(macroF1)} (lowest: ${ASKED_KINDS[argmax(f1s.map((f) => -f))]} ${pct(Math.min(...f1s))})`;
    console.log(`${c.name}: ${figures}`);
    return { candidate: c, accuracy, macroF1, figures, examples };
  });
  const best = results.reduce((a, b) =>
    b.accuracy > a.accuracy || (b.accuracy === a.accuracy && b.macroF1 > a.macroF1) ? b : a,
  );
  console.log(`chosen: ${best.candidate.name}`);
  if (dryRun) return;
  const model = best.candidate.train(best.examples);
  const file: AskedKindModelFile = {
    about: {
      trainedBy: 'tools/questions/train.ts',
      corpus: `${corpus.length} questions of tools/questions/corpus/`,
      model: best.candidate.name,
      why: 'the best accuracy in 5-fold cross-validation (stratified by kind)',
      crossValidated: Object.fromEntries(results.map((r) => [r.candidate.name, r.figures])),
    },
    features: best.candidate.features,
    classes: ASKED_KINDS,
    ...storedWeights(model),
  };
  const out = new URL('../../library/data/question-kinds/', import.meta.url);
  mkdirSync(out, { recursive: true });
  writeFileSync(fileURLToPath(new URL('model.json.gz', out)), gzipSync(`${JSON.stringify(file)}\n`, { level: 9 }));
  rmSync(fileURLToPath(new URL('model.json', out)), { force: true });
  console.log(`wrote library/data/question-kinds/model.json.gz: ${file.bucketGaps.length} features`);
}

main();
