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
