import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '@lectio/platform';

/**
 * The one-time tokens mailed to an account's owner: reset links and sign-in links. Each is 32
 * random bytes (256 bits) as base64url, 43 characters (the spec allows up to 100), works once and
 * expires; only its SHA-256 is stored, so neither table opens an account.
 */
type TokenTable = 'password_reset_tokens' | 'sign_in_tokens';

/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** A sign-in link works for 15 minutes, once: it is a way in by itself, so it lives shorter. */
export const SIGN_IN_TOKEN_TTL_MS = 15 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

async function issue(
  q: Queryable,
  table: TokenTable,
  ttlMs: number,
  userId: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + ttlMs);
  await q.query(`INSERT INTO ${table} (id, user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`, [
    randomUUID(),
    userId,
    hash(token),
    expiresAt,
    now,
  ]);
  return { token, expiresAt };
}

/**
 * Uses a token up: marks it used and answers its user, or undefined when it is unknown, used or
 * expired. One UPDATE, so two concurrent uses of one token cannot both succeed.
 */
async function consume(q: Queryable, table: TokenTable, token: string, now: Date): Promise<string | undefined> {
  const r = await q.query<{ user_id: string }>(
    `UPDATE ${table} SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING user_id::text AS user_id`,
    [hash(token), now],
  );
  return r.rows[0]?.user_id;
}

export const issueResetToken = (q: Queryable, userId: string, now: Date) =>
  issue(q, 'password_reset_tokens', RESET_TOKEN_TTL_MS, userId, now);
export const consumeResetToken = (q: Queryable, token: string, now: Date) =>
  consume(q, 'password_reset_tokens', token, now);
export const issueSignInToken = (q: Queryable, userId: string, now: Date) =>
  issue(q, 'sign_in_tokens', SIGN_IN_TOKEN_TTL_MS, userId, now);
export const consumeSignInToken = (q: Queryable, token: string, now: Date) => consume(q, 'sign_in_tokens', token, now);

/** The user a valid, unused token belongs to, without using it (the strength check needs their names). */
export async function peekResetToken(q: Queryable, token: string, now: Date): Promise<string | undefined> {
  const r = await q.query<{ user_id: string }>(
    'SELECT user_id::text AS user_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [hash(token), now],
  );
  return r.rows[0]?.user_id;
}

/** After a reset, the user's other outstanding links (reset and sign-in) stop working too. */
export async function invalidateResetTokens(q: Queryable, userId: string, now: Date): Promise<void> {
  for (const table of ['password_reset_tokens', 'sign_in_tokens'] as const) {
    await q.query(`UPDATE ${table} SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [userId, now]);
  }
}

/** Deletes tokens a day past expiry (they are refused once expired anyway): hourly housekeeping. */
export async function pruneResetTokens(q: Queryable): Promise<number> {
  let pruned = 0;
  for (const table of ['password_reset_tokens', 'sign_in_tokens'] as const) {
    const r = await q.query(`DELETE FROM ${table} WHERE expires_at < now() - interval '1 day'`);
    pruned += r.rowCount ?? 0;
  }
  return pruned;
}
