import type { Migration } from '@lectio/platform';

/**
 * The mail outbox (outbox.ts writes it, delivery.ts sends from it over SMTP, dev-mailbox.ts reads
 * the development mailbox's rows).
 */
export const mailMigrations: Migration[] = [
  {
    // Until the split by owner this was part of 010_accounts; IF NOT EXISTS makes it a no-op there.
    id: '012_mail_outbox',
    sql: `
-- Mail when no SMTP server is configured: read at the development-only mailbox.
CREATE TABLE IF NOT EXISTS mail_outbox (
  id UUID PRIMARY KEY,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);`,
  },
  {
    // Every mail is written here first, so mail accepted for sending survives an SMTP outage and a
    // restart: 'smtp' rows wait for delivery (retried with growing pauses), 'mailbox' rows are the
    // development mailbox's. A delivered row keeps no body (bodies may hold reset links).
    id: '013_mail_delivery',
    sql: `
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS transport TEXT NOT NULL DEFAULT 'mailbox';
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS dedupe_key TEXT UNIQUE;
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS attempts INT NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now();
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS expires_at TIMESTAMPTZ;
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS sent_at TIMESTAMPTZ;
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS failed_at TIMESTAMPTZ;
ALTER TABLE mail_outbox ADD COLUMN IF NOT EXISTS last_error TEXT;
UPDATE mail_outbox SET sent_at = created_at WHERE sent_at IS NULL;
CREATE INDEX IF NOT EXISTS mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;`,
  },
];
