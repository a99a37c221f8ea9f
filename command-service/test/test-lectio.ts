import { billingProviderOf, type RunningService, startService, type StartServiceOptions } from '@lectio/platform';
import { createProjectionWorkers, readModelMigrations, readModelNames } from '@lectio/projections';
import { createQuerySide } from '@lectio/query-service';
import { startTestServer, type TestServerOptions } from '@lectio/testing/http';
import { type CommandOptions, createCommandSide } from '../src/app';
import { commandMigrations } from '../src/migrations';

/**
 * The command side's API tests run the services a reader meets: this package's command side, the
 * query side (what the reader reads back) and the projections between them, in one process, as
 * the composition root runs them (without the web app, which these tests never load).
 */
export function startLectioServices(
  env: Record<string, string | undefined>,
  options: {
    commands?: CommandOptions;
    logDestination?: StartServiceOptions['logDestination'];
    projections?: boolean;
  } = {},
) {
  return startService(env, {
    service: 'command-service-test',
    migrations: [...commandMigrations, ...readModelMigrations],
    logDestination: options.logDestination,
    modules: (rt) => [
      createCommandSide(rt, options.commands),
      createQuerySide(rt, { readModels: readModelNames(), billingProvider: billingProviderOf(rt.config) }),
      // Without them the read models never move: what a reader is answered while they lag behind.
      ...(options.projections === false ? [] : [createProjectionWorkers(rt)]),
    ],
  });
}

/** Those services in a fresh data directory, with browser-like clients. */
export function startTestLectio(
  options: TestServerOptions & { commands?: CommandOptions; projections?: boolean } = {},
) {
  return startTestServer(
    (env, o) =>
      startLectioServices(env, {
        commands: options.commands,
        logDestination: o.logDestination,
        projections: options.projections,
      }),
    options,
  );
}

export type TestLectio = RunningService;
export { TestClient, unique } from '@lectio/testing/http';
