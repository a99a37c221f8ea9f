import type { Migration } from '@lectio/platform';

/**
 * Every verified Stripe event handled (webhook-routes.ts), by its id, so a redelivered event
 * changes nothing. The events it caused also carry the id (metadata.causationId 'stripe:<id>'),
 * written atomically with them.
 */
export const stripeMigrations: Migration[] = [
  {
    id: '025_stripe_webhook_events',
    sql: `
CREATE TABLE IF NOT EXISTS stripe_webhook_events (
  event_id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  user_id TEXT,
  stripe_created_at TIMESTAMPTZ NOT NULL,
  outcome TEXT NOT NULL,
  events_written INT NOT NULL DEFAULT 0,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);`,
  },
];
