import { describeMailError } from '../mail/smtp';
import type { Account } from './account-store';
import type { AccountsContext } from './context';
import { signInLinkMail } from './reset-mail';
import { consumeSignInToken, issueSignInToken } from './reset-tokens';

/** Issues a sign-in token (only its hash is kept) and mails the link through the outbox. */
export async function sendSignInLink(ctx: AccountsContext, account: Account, base: string): Promise<void> {
  const { token, expiresAt } = await issueSignInToken(ctx.rt.db, account.userId, ctx.rt.clock.now());
  const link = `${base}/auth?signin=${encodeURIComponent(token)}`;
  try {
    // A link that has expired is not worth delivering late.
    await ctx.mail.send(signInLinkMail(account, link), { expiresAt });
  } catch (err) {
    ctx.rt.logger.error(
      { mailError: describeMailError(err), engine: ctx.mail.engine },
      'sign-in link mail could not be sent',
    );
  }
}

/** The account a sign-in token opens, using the token up; undefined when it is unknown, used or expired. */
export async function useSignInLink(ctx: AccountsContext, token: string): Promise<Account | undefined> {
  const userId = await consumeSignInToken(ctx.rt.db, token, ctx.rt.clock.now());
  return userId ? ctx.accounts.findById(userId) : undefined;
}
