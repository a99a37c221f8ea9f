/**
 * npm run projections:rebuild [name]: empties read models and replays every event into them.
 * On the embedded defaults stop the app first (PGlite allows one process at a time).
 */
import { createLogger, loadConfig, openRuntime } from '@lectio/platform';
import { rebuildProjection } from '@lectio/platform/projections';
import { readModelMigrations, readModels } from './index';

const name = process.argv[2];
const config = loadConfig();
const logger = createLogger({ level: 'warn', name: 'rebuild' });
const rt = await openRuntime(config, logger, { service: 'rebuild', migrations: readModelMigrations });
const chosen = name ? readModels.filter((p) => p.name === name) : readModels;
if (name && chosen.length === 0) {
  console.error(`No read model named "${name}". Known: ${readModels.map((p) => p.name).join(', ') || '(none)'}`);
  await rt.close();
  process.exit(2);
}
for (const projection of chosen) {
  const started = Date.now();
  const position = await rebuildProjection(rt.db, rt.store, projection);
  console.log(`rebuilt ${projection.name} to position ${position} in ${Date.now() - started} ms`);
}
await rt.close();
