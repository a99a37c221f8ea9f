import type { MailMessage } from '../mail/port';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The reset mail. The link is `${base}/auth?token=...`, the page that shows the reset form. */
export function resetMail(to: { email: string; username: string }, link: string): MailMessage {
  const text = [
    `Hello ${to.username},`,
    '',
    'Someone (hopefully you) asked to reset the password of your Lectio account.',
    'Open this link within 1 hour to choose a new password:',
    '',
    link,
    '',
    'The link works once. If you did not ask for this, ignore this message: your password stays as it is.',
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(to.username)},</p>
<p>Someone (hopefully you) asked to reset the password of your Lectio account.
Open this link within 1 hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once. If you did not ask for this, ignore this message: your password stays as it is.</p>`;
  return { to: to.email, subject: 'Reset your Lectio password', text, html };
}

/** The sign-in mail. The link is `${base}/auth?signin=...`, the page that offers to sign in with it. */
export function signInLinkMail(to: { email: string; username: string }, link: string): MailMessage {
  const intro = 'Someone (hopefully you) asked for a link that signs in to your Lectio account without the password.';
  const open = 'Open this link within 15 minutes, in the browser you want to sign in on:';
  const outro =
    'The link works once. If you did not ask for it, ignore this message: nobody can use it without your mailbox.';
  const text = [`Hello ${to.username},`, '', intro, open, '', link, '', outro].join('\n');
  const html = `<p>Hello ${escapeHtml(to.username)},</p>
<p>${intro}
${open}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${outro}</p>`;
  return { to: to.email, subject: 'Your Lectio sign-in link', text, html };
}
