import { runService, startService } from '@lectio/platform';
import { readModelMigrations } from '@lectio/projections';
import { createCommandSide } from './app';
import { commandMigrations } from './migrations';

// The command side also reads the users read model (who is signed in, their e-mail), so its tables must exist.
await runService(() =>
  startService(process.env, {
    service: 'command-service',
    migrations: [...commandMigrations, ...readModelMigrations],
    modules: (rt) => [createCommandSide(rt)],
  }),
);
