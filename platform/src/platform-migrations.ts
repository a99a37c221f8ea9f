import { eventStoreMigrations } from './eventstore/postgres-store';
import type { Migration } from './migrations';
import { rateLimitMigrations } from './http/rate-limiter';
import { checkpointMigrations } from './projections/checkpoints';
import { sessionMigrations } from './sessions';

/**
 * The platform's own tables: the event store, projection checkpoints and inbox, sessions, rate-limit counters. Every
 * other table is declared beside the module that owns it (command-service's `commandMigrations`,
 * projections' `readModelMigrations`) and handed to `openRuntime` by the service that runs it.
 *
 * Ids are global and applied in order. Add a migration with the next free number in its owner's
 * range (0xx platform, 01x accounts and mail, 02x billing, 03x assistant); never edit one that has
 * shipped. The split by owner re-declared 010_accounts, 021_billing_read_models and
 * 030_assistant_read_models under new ids: every statement is IF NOT EXISTS, so a database that
 * ran the old ones runs the new ones as no-ops.
 */
export const platformMigrations: Migration[] = [
  ...eventStoreMigrations,
  ...checkpointMigrations,
  ...sessionMigrations,
  ...rateLimitMigrations,
];
