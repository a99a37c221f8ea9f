import type { Runtime } from '@lectio/platform';
import { createOutboxMail } from './outbox';
import type { MailPort } from './port';
import { createSmtpMail } from './smtp';

export type { MailMessage, MailPort } from './port';

export function createMailPort(rt: Pick<Runtime, 'config' | 'db' | 'logger'>): MailPort {
  return rt.config.SMTP_URL ? createSmtpMail(rt.config.SMTP_URL, rt.config.MAIL_FROM) : createOutboxMail(rt.db, rt.logger);
}
