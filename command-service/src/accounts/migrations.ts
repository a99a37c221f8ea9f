import type { Migration } from '@lectio/platform';

/**
 * The accounts module's command-side tables: mutable on purpose, never rebuilt from events, and
 * touched only through account-store.ts, reset-tokens.ts and rate-limits.ts. Secrets (password
 * hashes, reset and sign-in tokens) never go into events.
 */
export const accountMigrations: Migration[] = [
  {
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
);`,
  },
  {
    id: '015_sign_in_tokens',
    sql: `
-- Sign-in links mailed to the owner (the way in while someone else's guesses hold the password
-- sign-in back): only the SHA-256 of the token, single use (used_at), 15 minutes.
CREATE TABLE IF NOT EXISTS sign_in_tokens (
  id UUID PRIMARY KEY,
  user_id UUID NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sign_in_tokens_user ON sign_in_tokens (user_id);`,
  },
];
