import type { EventMetadata } from '@lectio/contracts/events';
import type { Queryable } from '@lectio/platform';
import type { AccountsContext } from './context';
import { PasswordChangedMeanwhile } from './errors';
import { invalidateResetTokens } from './reset-tokens';

/**
 * The new password takes effect everywhere at once: the hash is replaced, open reset links are
 * voided and every session of the user ends. Runs inside the caller's transaction.
 */
export async function replacePassword(
  ctx: AccountsContext,
  tx: Queryable,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await ctx.accounts.setPasswordHash(userId, passwordHash, tx);
  await invalidateResetTokens(tx, userId, now);
  await ctx.sessions.endAllOf(userId, { q: tx });
}

/** Records PasswordChanged (never the password) and answers the position it was written at. */
export async function recordPasswordChange(
  ctx: AccountsContext,
  metadata: EventMetadata,
  userId: string,
  reason: 'reset' | 'change',
  at: Date,
): Promise<bigint> {
  const { position } = await ctx.users.handle(userId, { type: 'ChangePassword', reason, at }, metadata);
  return position;
}

/**
 * A signed-in user's change: replace the password if it is still the one the current password was
 * checked against (`expectedHash`), then record it. A concurrent change that won makes this one
 * PasswordChangedMeanwhile (409), so two changes at once cannot both answer 200.
 */
export async function changePassword(
  ctx: AccountsContext,
  metadata: EventMetadata,
  userId: string,
  expectedHash: string,
  passwordHash: string,
): Promise<bigint> {
  const now = ctx.rt.clock.now();
  await ctx.rt.db.transaction(async (tx) => {
    if (!(await ctx.accounts.replacePasswordHash(userId, expectedHash, passwordHash, tx)))
      throw new PasswordChangedMeanwhile();
    await invalidateResetTokens(tx, userId, now);
    await ctx.sessions.endAllOf(userId, { q: tx });
  });
  return recordPasswordChange(ctx, metadata, userId, 'change', now);
}
