import type { MailMessage } from '../mail/port';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reader is told when support credits their AI budget (trial extensions and cancellations are mailed by billing automation). */
export function creditMail(to: { email: string; username: string }, amount: string, periodEnd: string): MailMessage {
  const lines = [
    `Hello ${to.username},`,
    `Our support team credited ${amount} to your Scripture Assistant budget for this period (it resets on ${periodEnd}).`,
    'You can keep asking questions; nothing is charged for this credit.',
  ];
  return {
    to: to.email,
    subject: 'A credit was added to your Lectio AI budget',
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${esc(l)}</p>`).join('\n'),
  };
}

/**
 * The staff member is told when their support password re-check was refused too often: someone
 * holding their support session may be guessing. No secret in it, only what happened.
 */
export function passwordAttemptsMail(to: { email: string; username: string }, attempts: number): MailMessage {
  const lines = [
    `Hello ${to.username},`,
    `Your password was given wrongly ${attempts} times when confirming support actions on Lectio, so further attempts are refused for a while.`,
    'If this was not you, someone may be using your support session: sign out everywhere and change your password now.',
  ];
  return {
    to: to.email,
    subject: 'Wrong passwords on your Lectio support account',
    text: lines.join('\n\n'),
    html: lines.map((l) => `<p>${esc(l)}</p>`).join('\n'),
  };
}
