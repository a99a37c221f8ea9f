import type { Runtime } from '@lectio/platform';
import { MailDelivery } from './delivery';
import { createOutboxMail } from './outbox';
import type { MailPort } from './port';
import { createSmtpTransport } from './smtp';

export type { MailPort } from './port';
// What the composition root needs besides the port: the outbox's tables and, outside production, the mailbox view.
export { mailMigrations } from './migrations';
export { registerDevMailbox } from './dev-mailbox';

/**
 * The command side's one mail port (one delivery loop however many modules send mail), built by
 * its composition root and passed to the modules: the outbox, delivered over SMTP when SMTP_URL is
 * set, otherwise kept as the development mailbox. It reports on GET /api/health whether its
 * transport delivers.
 */
export function createMailPort(rt: Pick<Runtime, 'config' | 'db' | 'logger' | 'health'>): MailPort {
  const delivery = rt.config.SMTP_URL
    ? new MailDelivery(rt.db, createSmtpTransport(rt.config.SMTP_URL, rt.config.MAIL_FROM), rt.logger)
    : undefined;
  rt.health.set('mail', () => (delivery ? delivery.health() : Promise.resolve({ engine: 'outbox', up: true })));
  return createOutboxMail(rt.db, rt.logger, delivery);
}
