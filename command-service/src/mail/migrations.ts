import type { Migration } from '@lectio/platform';

/** The outbox mail adapter's table (outbox.ts writes it; dev-mailbox.ts reads it). */
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
];
