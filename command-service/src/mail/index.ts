import type { Runtime } from '@lectio/platform';
import { MailDelivery } from './delivery';
import { createOutboxMail } from './outbox';
import type { MailPort } from './port';
import { createSmtpTransport } from './smtp';

export type { MailPort } from './port';

const ports = new WeakMap<object, MailPort>();

/**
 * The process's one mail port (one delivery loop however many modules send mail): the outbox,
 * delivered over SMTP when SMTP_URL is set, otherwise kept as the development mailbox. It reports
 * on GET /api/health whether its transport delivers.
 */
export function mailPortOf(rt: Pick<Runtime, 'config' | 'db' | 'logger' | 'health'>): MailPort {
  let port = ports.get(rt);
  if (!port) {
    const delivery = rt.config.SMTP_URL ? new MailDelivery(rt.db, createSmtpTransport(rt.config.SMTP_URL, rt.config.MAIL_FROM), rt.logger) : undefined;
    port = createOutboxMail(rt.db, rt.logger, delivery);
    rt.health.set('mail', () => (delivery ? delivery.health() : Promise.resolve({ engine: 'outbox', up: true })));
    ports.set(rt, port);
  }
  return port;
}
