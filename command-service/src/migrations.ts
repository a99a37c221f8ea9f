import type { Migration } from '@lectio/platform';
import { accountMigrations } from './accounts/migrations';
import { reservationMigrations } from './assistant/budget/open-reservations';
import { billingMigrations } from './billing/migrations';
import { mailMigrations } from './mail/migrations';

/** The command side's own tables, each declared by the module that owns it. */
export const commandMigrations: Migration[] = [...accountMigrations, ...mailMigrations, ...billingMigrations, ...reservationMigrations];
