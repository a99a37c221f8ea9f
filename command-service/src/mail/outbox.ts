import { randomUUID } from 'node:crypto';
import type { Logger, Queryable } from '@lectio/platform';
import type { MailDelivery } from './delivery';
import type { MailMessage, MailPort, SendOptions } from './port';

/**
 * Every mail is written to `mail_outbox` first: a mail accepted for sending is stored before
 * anyone is told so. With a transport (SMTP) the row waits for `MailDelivery`, which retries until
 * the transport takes it; without one the row is the development mailbox's (GET /api/dev/mailbox).
 * The log line names the subject only: bodies may hold reset links.
 */
export function createOutboxMail(db: Queryable, logger: Logger, delivery?: MailDelivery): MailPort {
  const transport = delivery ? 'smtp' : 'mailbox';
  return {
    engine: delivery ? 'smtp' : 'outbox',
    async send(m: MailMessage, options: SendOptions = {}) {
      const id = randomUUID();
      const r = await db.query(
        `INSERT INTO mail_outbox (id, recipient, subject, text, html, transport, dedupe_key, expires_at, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6::text, $7, $8, CASE WHEN $6::text = 'mailbox' THEN now() END)
         ON CONFLICT (dedupe_key) DO NOTHING`,
        [id, m.to, m.subject, m.text, m.html, transport, options.key ?? null, options.expiresAt ?? null],
      );
      if (r.rowCount === 0)
        return void logger.info({ subject: m.subject }, 'mail already accepted under this key; not sent twice');
      logger.info(
        { mailId: id, subject: m.subject },
        delivery ? 'mail accepted for delivery' : 'mail written to the outbox (read it at /api/dev/mailbox)',
      );
      delivery?.wake();
    },
    close: async () => delivery?.close(),
  };
}

/** The outbox as operations see it: mails waiting, and those that failed for good (when and why, never their text). */
export async function readOutboxState(db: Queryable): Promise<{
  waiting: number;
  failed: { subject: string; createdAt: string; failedAt: string; lastError: string | null }[];
}> {
  const waiting = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM mail_outbox WHERE transport = 'smtp' AND sent_at IS NULL AND failed_at IS NULL`,
  );
  const failed = await db.query<{
    subject: string;
    created_at: Date | string;
    failed_at: Date | string;
    last_error: string | null;
  }>(
    'SELECT subject, created_at, failed_at, last_error FROM mail_outbox WHERE failed_at IS NOT NULL ORDER BY failed_at DESC LIMIT 50',
  );
  return {
    waiting: Number(waiting.rows[0]?.n ?? 0),
    failed: failed.rows.map((r) => ({
      subject: r.subject,
      createdAt: new Date(r.created_at).toISOString(),
      failedAt: new Date(r.failed_at).toISOString(),
      lastError: r.last_error,
    })),
  };
}
