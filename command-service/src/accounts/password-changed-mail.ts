import type { MailMessage } from '../mail/port';
import { describeMailError } from '../mail/smtp';
import type { AccountsContext } from './context';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The notice that the password was changed or reset, so an owner whose account was taken over
 * learns of it. It holds no secret: no password, no link with a token, only what happened and when.
 */
export function passwordChangedMail(
  to: { email: string; username: string },
  how: 'change' | 'reset',
  at: Date,
): MailMessage {
  const what =
    how === 'reset' ? 'was reset with a link sent to this address' : 'was changed from your account settings';
  const when = at.toUTCString();
  const lines = [
    `Hello ${to.username},`,
    '',
    `The password of your Lectio account ${what} on ${when}. Every device was signed out.`,
    '',
    'If this was you, there is nothing to do.',
    'If it was not, reset your password now from the sign-in page ("Forgot password?") and check that this e-mail address is still yours.',
  ];
  const html = `<p>Hello ${escapeHtml(to.username)},</p>
<p>The password of your Lectio account ${what} on ${escapeHtml(when)}. Every device was signed out.</p>
<p>If this was you, there is nothing to do.<br>
If it was not, reset your password now from the sign-in page ("Forgot password?") and check that this e-mail address is still yours.</p>`;
  return { to: to.email, subject: 'Your Lectio password was changed', text: lines.join('\n'), html };
}

/** Mails the notice; a mail failure is logged (without the message) and never undoes the change. */
export async function sendPasswordChangedMail(
  ctx: AccountsContext,
  userId: string,
  how: 'change' | 'reset',
  at: Date,
): Promise<void> {
  const account = await ctx.accounts.findById(userId);
  if (!account) return;
  try {
    await ctx.mail.send(passwordChangedMail(account, how, at));
  } catch (err) {
    ctx.rt.logger.error(
      { mailError: describeMailError(err), engine: ctx.mail.engine },
      'password-changed mail could not be sent',
    );
  }
}
