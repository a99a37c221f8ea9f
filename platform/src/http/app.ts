import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { portHealth, type Runtime } from '../runtime';
import { installHostCheck } from './allowed-hosts';
import { frameworkErrorHandler, installErrorHandler } from './errors';
import { sessionSecret } from './secrets';
import { installSecurityHeaders } from './security';

/** A Fastify instance with what every service shares: logging, errors, cookies, headers, health. */
export async function createHttpApp(
  rt: Runtime,
  service: string,
  options: { onNotFound?: (req: FastifyRequest, reply: FastifyReply) => unknown } = {},
): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    // A pino logger is Fastify's logger; pino's and Fastify's declarations differ only in generics.
    loggerInstance: rt.logger.child({ service }) as FastifyBaseLogger,
    // X-Forwarded-For is believed only from configured proxy hops (nginx in docker compose),
    // otherwise a client could pick its own address and slip past per-IP rate limits.
    trustProxy: rt.config.TRUST_PROXY > 0 ? (_address: string, hop: number) => hop < rt.config.TRUST_PROXY : false,
    bodyLimit: 64 * 1024,
    // A client that stalls is cut off instead of holding a socket forever: the whole request within
    // HTTP_REQUEST_TIMEOUT_MS, and no connection silent for longer than the longest answer may take.
    requestTimeout: rt.config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: rt.config.AI_ANSWER_TIMEOUT_MS + 30_000,
    // Node looks for requests past their time every 30 s by default; often enough for the limit to hold.
    http: {
      headersTimeout: rt.config.HTTP_REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(rt.config.HTTP_REQUEST_TIMEOUT_MS / 4))),
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler,
  });
  installErrorHandler(app, options.onNotFound);
  installHostCheck(app, rt.config);
  await app.register(cookie, { secret: sessionSecret(rt.config), hook: 'onRequest' });
  // One session store for every route of this process (command and query side alike).
  app.decorate('sessions', rt.sessions);
  installSecurityHeaders(app, rt.config);
  app.get('/api/health', async (_req, reply) => {
    const ports = await portHealth(rt);
    const essential = ports.eventStore!.up && ports.readModels!.up;
    return reply.status(essential ? 200 : 503).send({ status: essential ? 'ok' : 'degraded', service, ports });
  });
  return app;
}
