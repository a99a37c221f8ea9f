import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { commandMigrations, type CommandOptions, registerCommandRoutes } from '@lectio/command-service';
import { createLogger, loadConfig, openRuntime, type Runtime } from '@lectio/platform';
import { createHttpApp } from '@lectio/platform/http';
import { readModelMigrations, readModelNames, startWorkers } from '@lectio/projections';
import { registerQueryRoutes } from '@lectio/query-service';

const BUILT_WEB = fileURLToPath(new URL('../../web/dist/', import.meta.url));
// LECTIO_WEB_DIST (in the env given to startLectio, or the process's) serves another build, so parallel test runs keep their own files.
const webDist = (env: Record<string, string | undefined>) => (env.LECTIO_WEB_DIST ?? process.env.LECTIO_WEB_DIST)?.replace(/\/?$/, '/') ?? BUILT_WEB;

/** Every table of the one-process app: the command side's and the read models' (the platform's come with the runtime). */
export const lectioMigrations = [...commandMigrations, ...readModelMigrations];

export interface Lectio {
  app: FastifyInstance;
  rt: Runtime;
  url: string;
  close(): Promise<void>;
}

/**
 * The composition root of `npm start`: command and query routes, projections, relay and policies
 * in one process on one port, plus the built web app.
 */
export interface LectioOptions {
  /** Where log lines go (default stdout); tests read them to check that no secret is logged. */
  logDestination?: DestinationStream;
  /** Command-side settings that are not configuration, such as tests' small rate-limit windows. */
  commands?: CommandOptions;
}

export async function startLectio(env: Record<string, string | undefined> = process.env, options: LectioOptions = {}): Promise<Lectio> {
  const config = loadConfig(env);
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'lectio', destination: options.logDestination });
  const rt = await openRuntime(config, logger, { service: 'standalone', migrations: lectioMigrations });
  const WEB_DIST = webDist(env);
  const hasWeb = existsSync(WEB_DIST + 'index.html');
  const indexHtml = () => readFileSync(WEB_DIST + 'index.html');
  const app = await createHttpApp(rt, 'standalone', {
    // Client-side routes (and the client's 404 screen) are all served by index.html.
    onNotFound: (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send({ message: 'Not found' });
      // A missing file (say, a chunk of an older build) is a 404, not the app shell served as JavaScript.
      if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0]!)) return reply.status(404).type('text/plain').send('Not found');
      if (!hasWeb) return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
    },
  });
  await registerCommandRoutes(app, rt, options.commands);
  await registerQueryRoutes(app, rt, { readModels: readModelNames() });
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Hashed assets never change; the shell and the service worker must be revalidated.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_req, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml()));
  }

  const workers = new AbortController();
  const running = startWorkers(rt, workers.signal);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url, web: hasWeb }, 'Lectio is running');
  return {
    app,
    rt,
    url,
    async close() {
      await app.close();
      workers.abort();
      await running;
      await rt.close();
    },
  };
}
