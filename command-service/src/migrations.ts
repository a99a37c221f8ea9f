import type { Migration } from '@lectio/platform';
import { accountMigrations } from './accounts';
import { reservationMigrations } from './assistant';
import { billingMigrations } from './billing';
import { mailMigrations } from './mail';

/** The command side's own tables, each declared by the module that owns it (its index.ts). */
export const commandMigrations: Migration[] = [
  ...accountMigrations,
  ...mailMigrations,
  ...billingMigrations,
  ...reservationMigrations,
];
