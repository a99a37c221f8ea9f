import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PRODUCT_NAME } from '@lectio/contracts/constants';

/**
 * Password strength by zxcvbn-ts (common passwords, names, English words, dates, keyboard
 * patterns, l33t), with the product name and the person's own username and e-mail as words an
 * attacker would try first. A score of 3 ('safely unguessable: moderate protection from offline
 * slow-hash scenario', about 10^8 guesses) or more is required.
 */
export const MIN_SCORE = 3;
/**
 * Only the first 32 characters are estimated: the estimate's cost grows steeply with length (a
 * 128-character password took seconds of CPU on the event loop), and a password whose first 32
 * characters are strong is strong.
 */
export const ESTIMATED_LENGTH = 32;

/**
 * The dictionaries (megabytes of words) are loaded by whichever thread estimates: the worker, and
 * this thread only if it ever has to fall back, so the process does not hold two copies.
 */
const requireHere = createRequire(import.meta.url);
const COMMON = '@zxcvbn-ts/language-common';
const ENGLISH = '@zxcvbn-ts/language-en';

/** This thread's fallback estimator's options; the worker builds the same from the same packages (WORKER_SOURCE). */
function estimatorOptions() {
  const common: typeof import('@zxcvbn-ts/language-common') = requireHere(COMMON);
  const english: typeof import('@zxcvbn-ts/language-en') = requireHere(ENGLISH);
  return {
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: ESTIMATED_LENGTH,
  };
}
let factory: ZxcvbnFactory | undefined;
const estimator = () => (factory ??= new ZxcvbnFactory(estimatorOptions()));

/** The words of the person's own account that a guesser would try: username, e-mail and its parts. */
function contextWords(context: { username?: string; email?: string }): string[] {
  const words = [PRODUCT_NAME, PRODUCT_NAME.toLowerCase()];
  if (context.username) words.push(context.username);
  if (context.email) {
    const [local = '', domain = ''] = context.email.toLowerCase().split('@');
    words.push(context.email.toLowerCase(), local, ...local.split(/[^a-z0-9]+/), ...domain.split('.').slice(0, -1));
  }
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/** True when the password is too easy to guess (score below 3). Synchronous: tests and the fallback. */
export function isWeakPassword(password: string, context: { username?: string; email?: string } = {}): boolean {
  return estimator().check(password.slice(0, ESTIMATED_LENGTH), contextWords(context)).score < MIN_SCORE;
}

/*
 * The estimate takes up to ~70 ms of CPU for an ordinary 26-character password: on the event loop,
 * ten sign-ups at once would hold every other request for most of a second. So requests ask one
 * worker thread (the same estimator, the same options), and the loop stays free.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const english = require(workerData.english);
const factory = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  maxLength: workerData.maxLength,
});
parentPort.on('message', ({ id, password, words }) => parentPort.postMessage({ id, score: factory.check(password, words).score }));
`;
/** Longer than any estimate of 32 characters takes; past it the check runs here instead. */
const WORKER_TIMEOUT_MS = 5000;
/** A worker just started first builds its dictionaries (about a second; longer on a busy machine). */
const STARTING_WORKER_TIMEOUT_MS = 15_000;
/**
 * The worker's heap (its dictionaries built) is about 70 MB, a sixth of an idle embedded Lectio, so
 * it is started by the first check, not at start-up, and stops after this long without one.
 */
const WORKER_IDLE_MS = 120_000;
let workerAnswered = false;
let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;

/** (Re)starts the idle countdown; a check in flight keeps the worker. */
function stopWhenIdle(w: Worker) {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (pending.size > 0) return stopWhenIdle(w);
    if (worker === w) worker = undefined;
    void w.terminate();
  }, WORKER_IDLE_MS).unref();
}
let nextId = 0;
const pending = new Map<number, (score: number | undefined) => void>();
/** How many checks the worker answered and how many fell back to this thread (tests, diagnostics). */
export const strengthWorkerStats = { answered: 0, fallbacks: 0 };

function strengthWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      core: requireHere.resolve('@zxcvbn-ts/core'),
      common: requireHere.resolve(COMMON),
      english: requireHere.resolve(ENGLISH),
      maxLength: ESTIMATED_LENGTH,
    },
  });
  workerAnswered = false;
  w.on('message', ({ id, score }: { id: number; score: number }) => {
    if (worker === w) workerAnswered = true;
    pending.get(id)?.(score);
    pending.delete(id);
  });
  // A dead worker answers nobody: its waiters fall back to the estimate here, and the next call starts another.
  const fail = () => {
    if (worker === w) worker = undefined;
    for (const resolve of pending.values()) resolve(undefined);
    pending.clear();
  };
  w.on('error', fail);
  w.on('exit', fail);
  // After the listeners: adding a 'message' listener refs the worker's port again, and a referenced
  // port keeps the process alive after the server has closed (bench/reader-js.ts never exited).
  w.unref();
  worker = w;
  return w;
}

/** isWeakPassword, estimated on the worker thread (here only if the worker fails or is late). */
export async function isWeakPasswordOffLoop(
  password: string,
  context: { username?: string; email?: string } = {},
): Promise<boolean> {
  const input = password.slice(0, ESTIMATED_LENGTH);
  const words = contextWords(context);
  let score: number | undefined;
  try {
    const w = strengthWorker();
    stopWhenIdle(w);
    const id = nextId++;
    score = await new Promise<number | undefined>((resolve) => {
      const timer = setTimeout(
        () => {
          pending.delete(id);
          resolve(undefined);
        },
        workerAnswered ? WORKER_TIMEOUT_MS : STARTING_WORKER_TIMEOUT_MS,
      );
      timer.unref();
      pending.set(id, (s) => {
        clearTimeout(timer);
        resolve(s);
      });
      w.postMessage({ id, password: input, words });
    });
  } catch {
    score = undefined;
  }
  if (score === undefined) strengthWorkerStats.fallbacks++;
  else strengthWorkerStats.answered++;
  return (score ?? estimator().check(input, words).score) < MIN_SCORE;
}
