import { createHash } from 'node:crypto';
import normalizeEmail from 'validator/lib/normalizeEmail.js';
import type { Queryable } from '@lectio/platform';

/**
 * One free trial per person and per card, across accounts: a trial is claimed under the reader's
 * normalised e-mail address and under the card's fingerprint (the provider's: the same card number
 * gives the same fingerprint on any account). The claims live in billing_trial_claims, owned here,
 * as SHA-256 hashes (no address or fingerprint in clear); whether a claim held by another account
 * refuses the trial is the subscription decider's rule (`priorTrial` of StartTrial).
 */

/**
 * An e-mail address as one person's: lower case; the sub-address dropped (`+tag` on every domain,
 * and what validator.js knows of providers' own, such as Yahoo's `-tag`); the dots of the local
 * part dropped where the provider ignores them (Gmail, googlemail.com being gmail.com). validator.js
 * keeps each provider's domains; the `+tag` on other domains is ours: an address that differs
 * from another only by it is the same mailbox on nearly every provider.
 */
export function normalisedTrialEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const normalised =
    normalizeEmail(lower, { all_lowercase: true, gmail_remove_dots: true, gmail_convert_googlemaildotcom: true }) ||
    lower;
  const at = normalised.lastIndexOf('@');
  if (at <= 0) return normalised;
  const local = normalised.slice(0, at).replace(/\+.*$/, '');
  return `${local || normalised.slice(0, at)}@${normalised.slice(at + 1)}`;
}

export type PriorTrial = 'email' | 'card' | null;

interface ClaimKey {
  kind: Exclude<PriorTrial, null>;
  key: string;
}

const hashed = (value: string) => createHash('sha256').update(value).digest('hex');

/** The claims a trial is taken under: the normalised e-mail, and the card's fingerprint when the provider gives one. */
export function trialClaimKeys(email: string, cardFingerprint: string | null): ClaimKey[] {
  const keys: ClaimKey[] = [{ kind: 'email', key: hashed(`email:${normalisedTrialEmail(email)}`) }];
  if (cardFingerprint) keys.push({ kind: 'card', key: hashed(`card:${cardFingerprint}`) });
  return keys;
}

/** Which of these claims an account other than `userId` (any account, for null) holds, the first one, without claiming anything. */
export async function priorTrialOf(
  q: Queryable,
  userId: string | null,
  keys: readonly ClaimKey[],
): Promise<PriorTrial> {
  const r = await q.query<{ claim_key: string }>(
    'SELECT claim_key FROM billing_trial_claims WHERE claim_key = ANY($1::text[]) AND user_id IS DISTINCT FROM $2::uuid',
    [keys.map((k) => k.key), userId],
  );
  return keys.find((k) => r.rows.some((row) => row.claim_key === k.key))?.kind ?? null;
}

/**
 * Claims a trial for `userId` under every key, atomically: the keys nobody held are now theirs
 * (`taken`, to give back if the trial then fails), and `priorTrial` says which key another account
 * held already (two sign-ups with one card at once: the second finds the first's claim).
 */
export async function claimTrial(
  q: Queryable,
  userId: string,
  keys: readonly ClaimKey[],
  at: Date,
): Promise<{ priorTrial: PriorTrial; taken: string[] }> {
  const taken: string[] = [];
  for (const { key } of keys) {
    const r = await q.query(
      'INSERT INTO billing_trial_claims (claim_key, user_id, claimed_at) VALUES ($1, $2, $3) ON CONFLICT (claim_key) DO NOTHING',
      [key, userId, at],
    );
    if (r.rowCount === 1) taken.push(key);
  }
  return { priorTrial: await priorTrialOf(q, userId, keys), taken };
}

/** Gives back claims made for a trial that did not start. */
export async function releaseTrialClaims(q: Queryable, userId: string, taken: readonly string[]): Promise<void> {
  if (taken.length)
    await q.query('DELETE FROM billing_trial_claims WHERE user_id = $1 AND claim_key = ANY($2::text[])', [
      userId,
      [...taken],
    ]);
}
