import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { isStorableText, textMessages } from '@lectio/contracts/text';
import { DOMAIN_ERROR_STATUS, DomainError } from '../domain-error';
import { TimeoutError } from '../time';

/** A failure the user caused or may see; anything else is a 500 with a generic message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, body?: Record<string, unknown>) => new HttpError(400, message, body);

/** Field errors in the spec's shape: { message, errors: [{ field, message }] }. */
export function validationError(err: ZodError, message = 'Validation failed') {
  const errors = err.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));
  return new HttpError(400, errors[0]?.message ?? message, { errors });
}

/**
 * Errors Fastify answers before any route or error handler runs (a path whose %-escapes do not
 * decode): our 400 shape, not Fastify's own body. Passed as `frameworkErrors` when the app is made.
 */
export function frameworkErrorHandler(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send({ message: textMessages.malformedUrl });
  return reply.status(err.statusCode && err.statusCode < 500 ? err.statusCode : 400).send({ message: err.message });
}

export function installErrorHandler(
  app: FastifyInstance,
  onNotFound?: (req: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError | Error, req, reply) => {
    if (err instanceof ZodError) err = validationError(err);
    if (err instanceof HttpError) return reply.status(err.statusCode).send({ message: err.message, ...err.body });
    // The one place where the domain's refusals become HTTP statuses.
    if (err instanceof DomainError)
      return reply.status(DOMAIN_ERROR_STATUS[err.kind]).send({ ...err.details, message: err.message });
    const status = 'statusCode' in err ? err.statusCode : undefined;
    if (status && status >= 400 && status < 500) {
      // Fastify's own (malformed JSON, body too large, unsupported media type): safe to show.
      const message = status === 400 && /JSON/i.test(err.message) ? 'Request body is not valid JSON' : err.message;
      return reply.status(status).send({ message });
    }
    if (isUnavailable(err)) {
      req.log.error({ err }, 'a backing service is unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
  app.setNotFoundHandler((req, reply) => {
    if (onNotFound && !req.url.startsWith('/api/')) return onNotFound(req, reply);
    return reply.status(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` });
  });
}

export const UNAVAILABLE_MESSAGE = 'Lectio is temporarily unavailable. Please try again in a moment.';

/** The database or event store cannot be reached or timed out: the user may simply retry. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof TimeoutError) return true;
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  // Node socket errors, and PostgreSQL's connection-exception class (08), shutdown (57P0x) and statement timeout (57014).
  return (
    typeof code === 'string' &&
    (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN)$/.test(code) || /^(08...|57P0.|57014)$/.test(code))
  );
}

/**
 * Parse a body or query with zod; bad input becomes a 400 with field errors. Every string the
 * schema lets through must be text we can store (no NUL, no lone surrogate), or the request is
 * refused here, before it is acted on (and charged), rather than failing when it is recorded.
 */
export function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: ZodError } },
  value: unknown,
): T {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw validationError(r.error);
  const field = unstorableField(r.data, []);
  if (field !== undefined) {
    throw new HttpError(400, textMessages.invalidCharacters, {
      errors: [{ field: field || 'body', message: textMessages.invalidCharacters }],
    });
  }
  return r.data;
}

/** The path of the first string (or key) that cannot be stored, or undefined. */
function unstorableField(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.');
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key].join('.');
    const found = unstorableField(inner, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
