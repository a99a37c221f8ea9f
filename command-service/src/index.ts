/** @lectio/command-service: every state-changing route, and the tables the command side owns. */
export { type CommandOptions, createCommandSide } from './app';
export { ASSISTANT_ROUTES_WITHOUT_BODY } from './assistant/routes';
export { BILLING_ROUTES_WITHOUT_BODY } from './billing/routes';
export { commandMigrations } from './migrations';
