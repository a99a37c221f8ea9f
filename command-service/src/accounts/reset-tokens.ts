import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '@lectio/platform';

/** A reset link works for one hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Password-reset tokens: 32 random bytes (256 bits) as base64url, 43 characters (the spec allows
 * up to 100). Only the SHA-256 is stored, so the table opens no account.
 */
export async function issueResetToken(q: Queryable, userId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  await q.query('INSERT INTO password_reset_tokens (id, user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
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
export async function consumeResetToken(q: Queryable, token: string, now: Date): Promise<string | undefined> {
  const r = await q.query<{ user_id: string }>(
    `UPDATE password_reset_tokens SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING user_id::text AS user_id`,
    [hash(token), now],
  );
  return r.rows[0]?.user_id;
}

/** The user a valid, unused token belongs to, without using it (the strength check needs their names). */
export async function peekResetToken(q: Queryable, token: string, now: Date): Promise<string | undefined> {
  const r = await q.query<{ user_id: string }>(
    'SELECT user_id::text AS user_id FROM password_reset_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [hash(token), now],
  );
  return r.rows[0]?.user_id;
}

/** After a reset, the user's other outstanding links stop working too. */
export async function invalidateResetTokens(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [userId, now]);
}

/** Deletes tokens a day past expiry (they are refused once expired anyway): hourly housekeeping. */
export async function pruneResetTokens(q: Queryable): Promise<number> {
  const r = await q.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  return r.rowCount ?? 0;
}
