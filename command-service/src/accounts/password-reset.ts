import type { FastifyRequest } from 'fastify';
import type { EventMetadata } from '@lectio/contracts/events';
import { describeMailError } from '../mail/smtp';
import type { AccountsContext } from './context';
import { resetMail } from './reset-mail';
import { recordPasswordChange, replacePassword } from './password-change';
import { consumeResetToken, issueResetToken, peekResetToken } from './reset-tokens';
import type { Account } from './account-store';

/**
 * Where reset links point: PUBLIC_URL (required in production by the config), or outside
 * production this machine's own port on 127.0.0.1. Never the Host header: a client chooses it, and
 * a link built from it would carry the token to the client's host.
 */
export function resetLinkBase(ctx: AccountsContext, req: FastifyRequest): string {
  const publicUrl = ctx.rt.config.PUBLIC_URL?.replace(/\/+$/, '');
  if (publicUrl) return publicUrl;
  const address = req.server.server.address();
  const port = (typeof address === 'object' && address?.port) || ctx.rt.config.PORT;
  return `http://127.0.0.1:${port}`;
}

/** Issues a token, records PasswordResetRequested (without the token) and mails the link. */
export async function sendPasswordReset(
  ctx: AccountsContext,
  metadata: EventMetadata,
  account: Account,
  base: string,
): Promise<void> {
  const { rt } = ctx;
  // The clock every rule reads (the development clock moves it), like sign-in links'.
  const now = rt.clock.now();
  const { token, expiresAt } = await issueResetToken(rt.db, account.userId, now);
  await ctx.users.handle(account.userId, { type: 'RequestPasswordReset', at: now, expiresAt }, metadata);
  const link = `${base}/auth?token=${encodeURIComponent(token)}`;
  try {
    // A link that has expired is not worth delivering late.
    await ctx.mail.send(resetMail(account, link), { expiresAt });
  } catch (err) {
    rt.logger.error(
      { mailError: describeMailError(err), engine: ctx.mail.engine },
      'password-reset mail could not be sent',
    );
  }
}

/**
 * Sets the new password if the token is known, unused and unexpired; uses the token up, voids the
 * user's other reset links and ends every session of the user. Undefined when the token is refused.
 */
export async function completePasswordReset(
  ctx: AccountsContext,
  metadata: EventMetadata,
  token: string,
  passwordHash: string,
): Promise<{ userId: string; position: bigint } | undefined> {
  const { rt } = ctx;
  const now = rt.clock.now();
  const userId = await rt.db.transaction(async (tx) => {
    const owner = await consumeResetToken(tx, token, now);
    if (owner) await replacePassword(ctx, tx, owner, passwordHash, now);
    return owner;
  });
  if (!userId) return undefined;
  return { userId, position: await recordPasswordChange(ctx, metadata, userId, 'reset', now) };
}

/** The account a reset link belongs to while it is valid (for the strength check's own-name words). */
export async function resetTokenOwner(ctx: AccountsContext, token: string): Promise<Account | undefined> {
  const userId = await peekResetToken(ctx.rt.db, token, ctx.rt.clock.now());
  return userId ? ctx.accounts.findById(userId) : undefined;
}
