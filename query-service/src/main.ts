import { runService } from '@lectio/platform';
import { readModelMigrations, readModelNames } from '@lectio/projections';
import { registerQueryRoutes } from './app';

await runService('query-service', (app, rt) => registerQueryRoutes(app, rt, { readModels: readModelNames() }), { migrations: readModelMigrations });
