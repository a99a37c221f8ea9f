import { runService } from '@lectio/platform';
import { readModelMigrations } from '@lectio/projections';
import { registerCommandRoutes } from './app';
import { commandMigrations } from './migrations';

// The command side also reads the users read model (who is signed in, their e-mail), so its tables must exist.
await runService('command-service', (app, rt) => registerCommandRoutes(app, rt), { migrations: [...commandMigrations, ...readModelMigrations] });
