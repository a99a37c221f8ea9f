import type { Migration } from '@lectio/platform';
import { sandboxMigrations } from './sandbox/migrations';
import { stripeMigrations } from './stripe/migrations';

/**
 * Billing's command-side tables: the billing policy's schedule (schedule.ts) and the automation
 * mails it owes (automation.ts; billing_mails is keyed by the event that caused each, so each is
 * sent once), plus each provider adapter's own tables.
 */
export const billingMigrations: Migration[] = [
  {
    // Until the split by owner these were part of 021_billing_read_models; IF NOT EXISTS makes them no-ops there.
    id: '022_billing_schedule',
    sql: `
CREATE TABLE IF NOT EXISTS billing_schedule (
  user_id TEXT PRIMARY KEY,
  state JSONB NOT NULL,
  next_due_at TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS billing_schedule_due ON billing_schedule (next_due_at);
CREATE TABLE IF NOT EXISTS billing_mails (
  event_id UUID PRIMARY KEY,
  kind TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  sent_at TIMESTAMPTZ
);`,
  },
  {
    // One free trial per person and card across accounts (trial-claims.ts): hashes of the
    // normalised e-mail and of the card fingerprint, each held by the account that had the trial.
    id: '023_billing_trial_claims',
    sql: `
CREATE TABLE IF NOT EXISTS billing_trial_claims (
  claim_key TEXT PRIMARY KEY,
  user_id UUID NOT NULL,
  claimed_at TIMESTAMPTZ NOT NULL
);`,
  },
  ...sandboxMigrations,
  ...stripeMigrations,
];
