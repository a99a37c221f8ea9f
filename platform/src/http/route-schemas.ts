import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { badRequest, parse } from './errors';

export const NO_BODY_MESSAGE = 'This request takes no body';
const NULL_BODY_MESSAGE = 'A JSON null is not a request body';

/**
 * The body of a call that takes none: nothing, or an object whose fields are ignored (some
 * clients send `{}`); an array, a number, a string or null is a 400.
 */
export const NoBody = z.object({}, { error: NO_BODY_MESSAGE });

/**
 * Route schemas in zod: the routes of a scope declare `schema: { body, querystring }` and are
 * typed from them (fastify-type-provider-zod's ZodTypeProvider where they are declared). Each
 * part is checked as `parse` checks it, so bad input is the spec's 400 with field errors, and
 * text we cannot store is refused before it is acted on (or charged).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parse(schema, data) };
    } catch (err) {
      return { error: err instanceof Error ? err : new Error(String(err)) };
    }
  };

/**
 * Validates this scope's routes by their zod schemas. Fastify hands a schema "no body" as null, so
 * where routes take none (NoBody) a JSON `null` is refused as the body is read. A scope whose
 * routes all take a body says `refuseJsonNull: false`: there null reads as `{}` and meets the
 * schema's field errors, as every body does.
 */
export function useZodRouteSchemas(scope: FastifyInstance, { refuseJsonNull = true } = {}): void {
  scope.setValidatorCompiler(zodValidatorCompiler);
  if (!refuseJsonNull) return;
  const json = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    json(req, typeof body === 'string' ? body : body.toString('utf8'), (err, value: unknown) => {
      if (err) return done(err, undefined);
      if (value === null) return done(badRequest(NULL_BODY_MESSAGE), undefined);
      return done(null, value);
    }),
  );
}
