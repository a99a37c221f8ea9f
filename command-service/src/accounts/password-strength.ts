import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
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

let factory: ZxcvbnFactory | undefined;
const estimator = () =>
  (factory ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
    maxLength: ESTIMATED_LENGTH,
  }));

/** Loads the dictionaries ahead of the first sign-up (building them takes about a second). */
export function warmPasswordStrength(): void {
  setTimeout(() => estimator(), 0).unref();
}

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

/** True when the password is too easy to guess (score below 3). */
export function isWeakPassword(password: string, context: { username?: string; email?: string } = {}): boolean {
  return estimator().check(password.slice(0, ESTIMATED_LENGTH), contextWords(context)).score < MIN_SCORE;
}
