import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { DestinationStream } from 'pino';
import { commandMigrations, type CommandOptions, createCommandSide } from '@lectio/command-service';
import { billingProviderOf, type RunningService, startService } from '@lectio/platform';
import { createProjectionWorkers, readModelMigrations, readModelNames } from '@lectio/projections';
import { createQuerySide } from '@lectio/query-service';

const BUILT_WEB = fileURLToPath(new URL('../../web/dist/', import.meta.url));
// LECTIO_WEB_DIST (in the env given to startLectio, or the process's) serves another build, so parallel test runs keep their own files.
const webDist = (env: Record<string, string | undefined>) =>
  (env.LECTIO_WEB_DIST ?? process.env.LECTIO_WEB_DIST)?.replace(/\/?$/, '/') ?? BUILT_WEB;

/** Every table of the one-process app: the command side's and the read models' (the platform's come with the runtime). */
export const lectioMigrations = [...commandMigrations, ...readModelMigrations];

export type Lectio = RunningService;

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

export async function startLectio(
  env: Record<string, string | undefined> = process.env,
  options: LectioOptions = {},
): Promise<Lectio> {
  const WEB_DIST = webDist(env);
  const hasWeb = existsSync(WEB_DIST + 'index.html');
  const indexHtml = () => readFileSync(WEB_DIST + 'index.html');
  return startService(env, {
    service: 'standalone',
    migrations: lectioMigrations,
    logDestination: options.logDestination,
    modules: (rt) => [
      createCommandSide(rt, options.commands),
      createQuerySide(rt, { readModels: readModelNames(), billingProvider: billingProviderOf(rt.config) }),
      createProjectionWorkers(rt),
    ],
    // Client-side routes (and the client's 404 screen) are all served by index.html.
    onNotFound: (req, reply) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send({ message: 'Not found' });
      // A missing file (say, a chunk of an older build) is a 404, not the app shell served as JavaScript.
      if (/\.[a-z0-9]+$/i.test(req.url.split('?')[0]!)) return reply.status(404).type('text/plain').send('Not found');
      if (!hasWeb)
        return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml());
    },
    async extraRoutes(app) {
      if (!hasWeb) return;
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
      app.get('/', (_req, reply) =>
        reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml()),
      );
    },
  });
}
