import type { Migration } from '@lectio/platform';

/**
 * The sandbox provider's own state (sandbox-provider.ts), as Stripe would keep it on its side.
 * Only brand, last four and expiry of a card.
 */
export const sandboxMigrations: Migration[] = [
  {
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
    // As Stripe's card.fingerprint: a keyed hash of the number (the key is the sandbox's own, made
    // once), so the same card has the same fingerprint on any account; the number is never kept.
    id: '024_sandbox_card_fingerprints',
    sql: `
ALTER TABLE sandbox_payment_methods ADD COLUMN IF NOT EXISTS fingerprint TEXT;
CREATE TABLE IF NOT EXISTS sandbox_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);`,
  },
];
