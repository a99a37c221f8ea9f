import { randomUUID } from 'node:crypto';
import type { Logger, Queryable } from '@lectio/platform';
import type { MailMessage, MailPort } from './port';

/**
 * The embedded default: mail is written to `mail_outbox` and read at the development-only mailbox
 * (GET /api/dev/mailbox). The log line names the subject only: bodies may hold reset links.
 */
export function createOutboxMail(db: Queryable, logger: Logger): MailPort {
  return {
    engine: 'outbox',
    async send(m: MailMessage) {
      const id = randomUUID();
      await db.query('INSERT INTO mail_outbox (id, recipient, subject, text, html) VALUES ($1, $2, $3, $4, $5)', [id, m.to, m.subject, m.text, m.html]);
      logger.info({ mailId: id, subject: m.subject }, 'mail written to the outbox (read it at /api/dev/mailbox)');
    },
    async close() {},
  };
}
