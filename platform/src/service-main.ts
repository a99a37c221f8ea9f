import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { setMaxListeners } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './data-dir-lock';
import { createHttpApp } from './http/app';
import { createLogger } from './logger';
import type { Migration } from './migrations';
import { openRuntime, type Runtime } from './runtime';

/**
 * One part of a service, as its composition root sees it. `routes` is registered as its own
 * Fastify plugin, so the hooks, decorators and parsers it adds apply to its own routes only.
 * `run` is its bus consumers and workers: the composition root starts them (route registration
 * never does) and aborts `signal` to stop them; it resolves once they have stopped.
 */
export interface ServiceModule {
  name: string;
  routes?: FastifyPluginAsync;
  run?: (signal: AbortSignal) => Promise<unknown>;
}

export interface StartServiceOptions {
  service: string;
  /** The tables of the modules this process runs (the platform's come anyway). */
  migrations: Migration[];
  /** The modules, made once the engines are open. */
  modules: (rt: Runtime) => ServiceModule[];
  /** Where log lines go (default stdout); tests read them. */
  logDestination?: DestinationStream;
  /** Requests no route answers (default: 404 with a message). */
  onNotFound?: (req: FastifyRequest, reply: FastifyReply) => unknown;
  /** Routes that belong to the composition root itself (the built web app), after the modules'. */
  extraRoutes?: (app: FastifyInstance) => Promise<void>;
}

export interface RunningService {
  app: FastifyInstance;
  rt: Runtime;
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a service: configuration, engines, the HTTP app with /api/health, each module's routes
 * as its own plugin, then each module's consumers and workers, then the port. `close` stops the
 * workers first, then HTTP (finishing requests in flight), then the engines.
 */
export async function startService(
  env: Record<string, string | undefined>,
  options: StartServiceOptions,
): Promise<RunningService> {
  const config = loadConfig(env);
  const logger = createLogger({ level: config.LOG_LEVEL, name: options.service, destination: options.logDestination });
  const rt = await openRuntime(config, logger, { service: options.service, migrations: options.migrations });
  const app = await createHttpApp(rt, options.service, { onNotFound: options.onNotFound });
  const modules = options.modules(rt);
  for (const m of modules) if (m.routes) await app.register(m.routes);
  await options.extraRoutes?.(app);

  const stop = new AbortController();
  // Every module's followers listen on it (a projection each, the relay, the workers): more than Node's default warning count of 10.
  setMaxListeners(100, stop.signal);
  const running = Promise.all(
    modules.map((m) =>
      m.run?.(stop.signal).catch((err: unknown) => logger.error({ err, module: m.name }, 'a module stopped working')),
    ),
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : config.PORT}`;
  logger.info({ url }, `${options.service} is running`);
  return {
    app,
    rt,
    url,
    async close() {
      stop.abort();
      await running;
      await app.close();
      await rt.close();
    },
  };
}

/**
 * Start-up (migrations, the library read and indexed, the safety lexicon warmed) leaves well over
 * a hundred megabytes of garbage that V8 keeps committed while the process idles: measured 590 MB
 * resident a minute after an embedded start, 430 MB after one full collection (57 ms). So one
 * collection, once, a moment after the port opens. `gc` is exposed for this call only.
 */
function collectStartupGarbage() {
  setTimeout(() => {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc === 'function') gc();
  }, 1000).unref();
}

/**
 * Entry point of a service's own process (command-service, query-service, projections,
 * standalone): a configuration error is a message and exit code 2; SIGINT and SIGTERM close the
 * service gracefully.
 */
export async function runService(start: () => Promise<RunningService>): Promise<void> {
  let service: RunningService;
  try {
    service = await start();
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  collectStartupGarbage();
  const shutdown = async () => {
    service.rt.logger.info('shutting down');
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
