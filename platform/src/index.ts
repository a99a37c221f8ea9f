/**
 * @lectio/platform: the kit every service runs on (configuration, engines, deciders and command
 * handling, migrations, sessions). Grouped entries: `@lectio/platform/http`, `/eventstore`, `/bus`,
 * `/projections`, and `/testing` for tests only.
 */
export * from './clock';
export * from './command-handler';
export * from './config';
export * from './db';
export * from './decider';
export * from './domain-error';
export * from './logger';
export * from './migrations';
export * from './platform-migrations';
export { addMigratedTemplate, makePgliteTemplate } from './pglite-template';
export * from './runtime';
export * from './serial-queue';
export * from './service-main';
export * from './sessions';
export * from './time';
export * from './versioned-map';
