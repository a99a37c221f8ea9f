import { ASYNCAPI_PATH, buildAsyncApiDocument } from '@lectio/contracts/asyncapi';
import type { FastifyInstance } from 'fastify';
import { etagMatches, strongEtag } from '../bible/http-cache';

/** GET /api/events/asyncapi.json: the bus contract for tools outside Lectio; public, the same for every build. */
export async function registerEventsDocument(app: FastifyInstance) {
  const body = JSON.stringify(buildAsyncApiDocument());
  const etag = strongEtag(body);
  app.get(ASYNCAPI_PATH, async (req, reply) => {
    reply.header('etag', etag).header('cache-control', 'public, max-age=3600');
    if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  });
}
