import type { UserEvent, UserRegistered, UserResponse } from '@lectio/contracts/accounts';
import { streams } from '@lectio/contracts/events';
import type { Migration, Queryable } from '@lectio/platform';
import { postgreSQLProjection, rememberedReads } from '@lectio/platform/projections';
import {
  applySubscriptionToUser,
  SUBSCRIPTION_USER_EVENT_TYPES,
  type SubscriptionUserEvent,
} from './users-subscription';
import { applyPreferencesToUser, PREFERENCE_USER_EVENT_TYPES, type PreferenceUserEvent } from './users-preferences';
import { isoOrNull, isoString } from '@lectio/contracts/time';

export const usersViewMigrations: Migration[] = [
  {
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
    // Billing's columns (users-subscription.ts). Until the split by owner this was part of
    // 021_billing_read_models; IF NOT EXISTS makes it a no-op there.
    id: '021_users_view_billing',
    sql: `
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS current_period_start TIMESTAMPTZ;
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS default_payment_method_id TEXT;
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS access_ends_at TIMESTAMPTZ;
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS last_payment_error TEXT;`,
  },
  {
    // SubscriptionCancelled's duringTrial, as the decider keeps it (SubscriptionResumed reads it).
    // A cancelled trial is the one cancelled row with no period end, so existing rows are filled exactly.
    id: '062_users_view_cancelled_during_trial',
    sql: `
ALTER TABLE users_view ADD COLUMN IF NOT EXISTS cancelled_during_trial BOOLEAN NOT NULL DEFAULT false;
UPDATE users_view SET cancelled_during_trial = true WHERE subscription_status = 'canceled' AND current_period_end IS NULL;`,
  },
];

/**
 * Read model `users` (table users_view): one row per user, what GET /api/user answers. Built from
 * the user-<id> stream; its subscription columns (status 'inactive', no payment method, no trial)
 * are defaults until the billing work projects subscription-<userId> events into them.
 */
export type UsersViewEvent =
  Extract<UserEvent, { type: 'UserRegistered' | 'PasswordChanged' }> | PreferenceUserEvent | SubscriptionUserEvent;

export const usersProjection = postgreSQLProjection<UsersViewEvent>({
  name: 'users',
  migrations: usersViewMigrations,
  tables: ['users_view'],
  canHandle: ['UserRegistered', 'PasswordChanged', ...PREFERENCE_USER_EVENT_TYPES, ...SUBSCRIPTION_USER_EVENT_TYPES],
  async handle(tx, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const d = event.data;
        await tx.query(
          `INSERT INTO users_view (user_id, username, email, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id) DO NOTHING`,
          [d.userId, d.username, d.email, d.registeredAt],
        );
        return;
      }
      case 'PasswordChanged':
        await tx.query('UPDATE users_view SET password_changed_at = $2 WHERE user_id = $1', [
          streams.user.userIdOf(event.streamId),
          event.data.changedAt,
        ]);
        return;
      // The assistant's columns (preferences, reminder): see users-preferences.ts.
      case 'PreferencesUpdated':
      case 'PreferenceReminderDismissed':
        return applyPreferencesToUser(tx, event);
      // Billing's columns (subscription status, trial, card, period): see users-subscription.ts.
      default:
        return applySubscriptionToUser(tx, event);
    }
  },
});

interface UserRow {
  user_id: string;
  username: string;
  email: string;
  created_at: Date | string;
  email_verified: boolean;
  faith_journey: UserResponse['faithJourney'];
  communication_style: UserResponse['communicationStyle'];
  last_preference_reminder: Date | string | null;
  subscription_status: string;
  payment_method_provided: boolean;
  stripe_subscription_id: string | null;
  trial_ends_at: Date | string | null;
  current_period_end: Date | string | null;
}

export function toUserResponse(row: UserRow): UserResponse {
  return {
    id: row.user_id,
    username: row.username,
    email: row.email,
    createdAt: isoString(row.created_at),
    emailVerified: row.email_verified,
    faithJourney: row.faith_journey,
    communicationStyle: row.communication_style,
    lastPreferenceReminder: isoOrNull(row.last_preference_reminder),
    subscriptionStatus: row.subscription_status,
    paymentMethodProvided: row.payment_method_provided,
    stripeSubscriptionId: row.stripe_subscription_id,
    trialEndsAt: isoOrNull(row.trial_ends_at),
    currentPeriodEnd: isoOrNull(row.current_period_end),
  };
}

/** A just-registered user as the read model will show them (for the answer of POST /api/register). */
export function newUserResponse(d: UserRegistered): UserResponse {
  return toUserResponse({
    user_id: d.userId,
    username: d.username,
    email: d.email,
    created_at: d.registeredAt,
    email_verified: false,
    faith_journey: null,
    communication_style: null,
    last_preference_reminder: null,
    subscription_status: 'inactive',
    payment_method_provided: false,
    stripe_subscription_id: null,
    trial_ends_at: null,
    current_period_end: null,
  });
}

const rememberedUsers = rememberedReads<UserResponse>('users');

/** GET /api/user's row; on the embedded database remembered until the users read model changes. */
export function readUser(q: Queryable, userId: string): Promise<UserResponse | undefined> {
  return rememberedUsers(q, userId, () => readUserRow(q, userId));
}

async function readUserRow(q: Queryable, userId: string): Promise<UserResponse | undefined> {
  const r = await q.query<UserRow>(
    `SELECT user_id::text AS user_id, username, email, created_at, email_verified, faith_journey, communication_style,
            last_preference_reminder, subscription_status, payment_method_provided, stripe_subscription_id,
            trial_ends_at, current_period_end
     FROM users_view WHERE user_id = $1`,
    [userId],
  );
  return r.rows[0] ? toUserResponse(r.rows[0]) : undefined;
}

/**
 * Support's search: an exact id, or an e-mail or username containing `text` (case-insensitively),
 * exact matches first, at most `limit`.
 */
export async function searchUsers(q: Queryable, text: string, limit: number): Promise<UserResponse[]> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
  const like = '%' + text.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c) + '%';
  const r = await q.query<UserRow>(
    `SELECT user_id::text AS user_id, username, email, created_at, email_verified, faith_journey, communication_style,
            last_preference_reminder, subscription_status, payment_method_provided, stripe_subscription_id,
            trial_ends_at, current_period_end
     FROM users_view
     WHERE ($1::uuid IS NOT NULL AND user_id = $1::uuid) OR lower(email) LIKE $2 OR lower(username) LIKE $2
     ORDER BY (lower(email) = lower($3) OR lower(username) = lower($3)) DESC, created_at DESC
     LIMIT $4`,
    [isId ? text : null, like, text, limit],
  );
  return r.rows.map(toUserResponse);
}
