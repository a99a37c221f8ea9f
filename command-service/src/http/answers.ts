import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { POSITION_HEADER } from '@lectio/contracts/constants';
import type { Actor, EventMetadata } from '@lectio/contracts/events';

/** What every command-side module's handlers share: the metadata its events carry, and the position its answer names. */

// A caller's correlation id is kept only when it is short and plain, so it cannot smuggle text into logs.
const CORRELATION = /^[A-Za-z0-9._:-]{1,100}$/;

/** The metadata of the events a request writes: the caller's correlation id (or a new one) and who acted. */
export function metadataFor(req: FastifyRequest, actor: Actor): EventMetadata {
  const given = req.headers['x-correlation-id'];
  return { correlationId: typeof given === 'string' && CORRELATION.test(given) ? given : randomUUID(), actor };
}

/** Read-your-writes: the position of the events this command wrote ('0' when none). */
export function answerPosition(reply: FastifyReply, position: bigint) {
  reply.header(POSITION_HEADER, position.toString());
}
