import type { FastifyInstance } from 'fastify';
import { isProduction, type Queryable, type Runtime } from '@lectio/platform';
import { devOnly } from '@lectio/platform/http';
import type { MailboxMessage } from '@lectio/contracts/mailbox';

/** The development mailbox's newest messages first (the outbox's rows when no SMTP is configured, outbox.ts). */
export async function readOutbox(db: Queryable, limit = 20): Promise<MailboxMessage[]> {
  const r = await db.query<{
    id: string;
    recipient: string;
    subject: string;
    text: string;
    html: string;
    created_at: Date | string;
  }>(
    `SELECT id::text AS id, recipient, subject, text, html, created_at FROM mail_outbox WHERE transport = 'mailbox' ORDER BY created_at DESC, id LIMIT $1`,
    [limit],
  );
  return r.rows.map((m) => ({
    id: m.id,
    to: m.recipient,
    subject: m.subject,
    text: m.text,
    html: m.html,
    createdAt: new Date(m.created_at).toISOString(),
  }));
}

/**
 * GET /api/dev/mailbox?limit=N: the development mailbox (mail sent while no SMTP_URL is set).
 * Outside production only, and only to this machine (reset links must not be read from the LAN);
 * in production the route does not exist (404). A GET, but the mail module owns the table, so it is
 * served by command-service (nginx routes it there).
 */
export async function registerDevMailbox(app: FastifyInstance, rt: Pick<Runtime, 'db' | 'config'>) {
  if (isProduction(rt.config)) return;
  app.get<{ Querystring: { limit?: string } }>('/api/dev/mailbox', { preHandler: devOnly }, async (req) => {
    const limit = Math.min(Math.max(Number.parseInt(req.query.limit ?? '20', 10) || 20, 1), 100);
    return { messages: await readOutbox(rt.db, limit) };
  });
}
