import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from './config';
import { createHttpApp } from './http/app';
import { createLogger } from './logger';
import type { Migration } from './migrations';
import { openRuntime, type Runtime } from './runtime';

/**
 * Entry point shared by command-service, query-service and projections: config, engines, an HTTP
 * app with /api/health, graceful shutdown. `setup` adds the service's own routes or workers.
 */
export async function runService(
  service: string,
  setup: (app: FastifyInstance, rt: Runtime, signal: AbortSignal) => Promise<{ background?: Promise<unknown> } | void>,
  options: { migrations: Migration[] },
) {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const logger = createLogger({ level: config.LOG_LEVEL, name: service });
  const rt = await openRuntime(config, logger, { service, migrations: options.migrations });
  const app = await createHttpApp(rt, service);
  const stop = new AbortController();
  // setup resolves once routes are in place; long-running workers come back as `background`.
  const background = (await setup(app, rt, stop.signal))?.background;
  await app.listen({ port: config.PORT, host: config.HOST });
  const shutdown = async () => {
    logger.info('shutting down');
    await app.close();
    stop.abort();
    await background;
    await rt.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
