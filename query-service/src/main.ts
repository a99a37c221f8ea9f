import { billingProviderOf, runService, startService } from '@lectio/platform';
import { readModelMigrations, readModelNames } from '@lectio/projections';
import { createQuerySide } from './app';

await runService(() =>
  startService(process.env, {
    service: 'query-service',
    migrations: readModelMigrations,
    modules: (rt) => [
      createQuerySide(rt, { readModels: readModelNames(), billingProvider: billingProviderOf(rt.config) }),
    ],
  }),
);
