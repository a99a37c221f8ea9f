import {
  addMigratedTemplate,
  makePgliteTemplate,
  migrate,
  openPglite,
  PGLITE_START_PARAMS,
  platformMigrations,
} from '@lectio/platform';
import { commandMigrations } from '@lectio/command-service';
import { readModelMigrations } from '@lectio/projections';

/**
 * Once per test run: the initialised empty PGlite cluster every test database starts from, and
 * one with every module's migrations applied for the services the tests start
 * (platform/src/pglite-template.ts), handed to the test processes, and to the servers they spawn,
 * in PGLITE_TEMPLATE.
 *
 * @public vitest.config.ts's globalSetup calls it
 */
export default async function setup() {
  if (process.env.PGLITE_TEMPLATE !== undefined) return;
  const template = await makePgliteTemplate(PGLITE_START_PARAMS);
  const migrations = [...platformMigrations, ...commandMigrations, ...readModelMigrations];
  await addMigratedTemplate(template, migrations, async (dataDir) => {
    const db = await openPglite(dataDir, template);
    await migrate(db, migrations);
    await db.close();
  });
  process.env.PGLITE_TEMPLATE = template;
}
