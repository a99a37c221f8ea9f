import { eventStoreMigrations } from './eventstore/postgres-store';
import type { Migration } from './migrations';
import { checkpointMigrations } from './projections/checkpoints';

/**
 * Every table of the PostgreSQL database, in order: the event store, projection checkpoints and
 * inbox, read models (rebuilt from events), and the few mutable tables the command side keeps
 * outside events on purpose (credentials, sessions, reset tokens: secrets never go into events).
 * Add a migration with the next number; never edit one that has shipped.
 */
export const schemaMigrations: Migration[] = [
  ...eventStoreMigrations,
  ...checkpointMigrations,
  {
    // Command side of accounts: mutable on purpose, never rebuilt from events.
    id: '010_accounts',
    sql: `
-- Username and e-mail claims, inserted before UserRegistered is appended: the unique indexes make
-- two concurrent sign-ups with one e-mail (or username, case-insensitively) end with one winner.
CREATE TABLE IF NOT EXISTS account_reservations (
  user_id UUID PRIMARY KEY,
  username TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS account_reservations_email ON account_reservations (lower(email));
CREATE UNIQUE INDEX IF NOT EXISTS account_reservations_username ON account_reservations (lower(username));
-- Password hashes (scrypt, parameters inside the hash string). Never in events or logs.
CREATE TABLE IF NOT EXISTS credentials (
  user_id UUID PRIMARY KEY,
  password_hash TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- Sessions: the id is the SHA-256 of the random token in the cookie, so a leaked table opens nothing.
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id UUID NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
-- Reset tokens: only the SHA-256 of the token is kept, single use (used_at), 1 hour.
CREATE TABLE IF NOT EXISTS password_reset_tokens (
  id UUID PRIMARY KEY,
  user_id UUID NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS password_reset_tokens_user ON password_reset_tokens (user_id);
-- Fixed-window counters for sign-in, sign-up and reset limits, shared by every command instance.
CREATE TABLE IF NOT EXISTS rate_limit_buckets (
  key TEXT PRIMARY KEY,
  window_start TIMESTAMPTZ NOT NULL,
  hits INT NOT NULL
);
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
    // Read model `users` (projections/src/read-models/users.ts): rebuilt from user-<id> events;
    // the subscription columns are filled from subscription-<userId> events by the billing work.
    id: '011_users_view',
    sql: `
CREATE TABLE IF NOT EXISTS users_view (
  user_id UUID PRIMARY KEY,
  username TEXT NOT NULL,
  email TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL,
  email_verified BOOLEAN NOT NULL DEFAULT false,
  faith_journey TEXT,
  communication_style TEXT,
  last_preference_reminder TIMESTAMPTZ,
  password_changed_at TIMESTAMPTZ,
  subscription_status TEXT NOT NULL DEFAULT 'inactive',
  payment_method_provided BOOLEAN NOT NULL DEFAULT false,
  trial_ends_at TIMESTAMPTZ,
  stripe_customer_id TEXT,
  stripe_subscription_id TEXT,
  current_period_end TIMESTAMPTZ
);`,
  },
  {
    // Billing, command side (command-service/src/billing/sandbox): the sandbox provider's own
    // state, as Stripe would keep it on its side. Only brand, last four and expiry of a card.
    id: '020_billing_sandbox',
    sql: `
CREATE TABLE IF NOT EXISTS sandbox_customers (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  default_payment_method_id TEXT,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_setup_intents (
  id TEXT PRIMARY KEY,
  client_secret TEXT NOT NULL UNIQUE,
  customer_id TEXT,
  status TEXT NOT NULL,
  payment_method_id TEXT,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_payment_methods (
  id TEXT PRIMARY KEY,
  setup_intent_id TEXT NOT NULL,
  customer_id TEXT,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INT NOT NULL,
  exp_year INT NOT NULL,
  fails_charges BOOLEAN NOT NULL DEFAULT false,
  detached BOOLEAN NOT NULL DEFAULT false,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_subscriptions (
  id TEXT PRIMARY KEY,
  customer_id TEXT NOT NULL,
  status TEXT NOT NULL,
  trial_end TIMESTAMPTZ,
  current_period_start TIMESTAMPTZ,
  current_period_end TIMESTAMPTZ,
  cancel_at_period_end BOOLEAN NOT NULL DEFAULT false,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_invoices (
  id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  payment_method_id TEXT,
  amount_cents INT NOT NULL,
  status TEXT NOT NULL,
  failure_message TEXT,
  period_start TIMESTAMPTZ NOT NULL,
  period_end TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS sandbox_idempotency (
  key TEXT PRIMARY KEY,
  result JSONB NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS sandbox_checkout_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL
);`,
  },
  {
    // Billing read models (projections/src/read-models/users.ts, payment-methods.ts) and the
    // billing policy's schedule (command-service/src/billing/schedule.ts), with the automation
    // mails it owes (billing_mails, keyed by the event that caused each: sent once).
    id: '021_billing_read_models',
    sql: `
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS current_period_start TIMESTAMPTZ;
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS default_payment_method_id TEXT;
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS access_ends_at TIMESTAMPTZ;
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS last_payment_error TEXT;
CREATE TABLE IF NOT EXISTS billing_payment_methods (
  user_id TEXT NOT NULL,
  payment_method_id TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INT NOT NULL,
  exp_year INT NOT NULL,
  is_default BOOLEAN NOT NULL DEFAULT false,
  added_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, payment_method_id)
);
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
    // Read models of the Scripture Assistant (projections/src/read-models/assistant-usage.ts and
    // chat-history.ts): rebuilt from usage-<userId>-<period> and chat-<userId> events.
    id: '030_assistant_read_models',
    sql: `
CREATE TABLE IF NOT EXISTS assistant_usage_view (
  user_id UUID NOT NULL,
  period_key TEXT NOT NULL,
  period_start TIMESTAMPTZ,
  period_end TIMESTAMPTZ,
  questions INT NOT NULL DEFAULT 0,
  tokens BIGINT NOT NULL DEFAULT 0,
  spent_micros BIGINT NOT NULL DEFAULT 0,
  last_threshold INT NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, period_key)
);
CREATE TABLE IF NOT EXISTS assistant_chat_history_view (
  exchange_id UUID PRIMARY KEY,
  user_id UUID NOT NULL,
  book TEXT NOT NULL,
  chapter INT NOT NULL,
  verse INT,
  kind TEXT NOT NULL,
  question TEXT NOT NULL,
  response TEXT NOT NULL,
  citations JSONB NOT NULL,
  source TEXT NOT NULL,
  faith_journey TEXT,
  communication_style TEXT,
  asked_at TIMESTAMPTZ NOT NULL,
  answered_at TIMESTAMPTZ NOT NULL,
  position BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS assistant_chat_history_passage ON assistant_chat_history_view (user_id, book, chapter, position);`,
  },
  {
    // Stripe webhooks (command-service/src/billing/stripe/webhook-*.ts): every verified Stripe event
    // handled, by its id, so a redelivered event changes nothing. The events it caused also carry
    // the id (metadata.causationId 'stripe:<id>'), written atomically with them.
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
