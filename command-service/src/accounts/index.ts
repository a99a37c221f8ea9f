/**
 * The accounts module as the composition root sees it: the services it shares with billing and
 * support (built once, passed in), its routes and housekeeping, and its tables.
 */
export { accountsModule } from './routes';
export { type AccountsOptions, createAccountsServices, settleAccountsWork } from './services';
export { accountMigrations } from './migrations';
