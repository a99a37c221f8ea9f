import { runService, startService } from '@lectio/platform';
import { createProjectionWorkers, readModelMigrations } from './index';

// Projectors and the relay to the bus; HTTP only for /api/health.
await runService(() =>
  startService(process.env, {
    service: 'projections',
    migrations: readModelMigrations,
    modules: (rt) => [createProjectionWorkers(rt)],
  }),
);
