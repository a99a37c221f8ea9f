import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DatabaseUnavailableError } from '../db';
import { DomainError } from '../domain-error';
import { TimeoutError } from '../time';
import { UNAVAILABLE_MESSAGE, badRequest, frameworkErrorHandler, installErrorHandler, parse } from './errors';

async function appThrowing(err: unknown) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.post('/boom', async () => {
    throw err;
  });
  app.post('/parse', async (req) =>
    parse(z.object({ email: z.string().email('Please enter a valid email') }), req.body),
  );
  return app;
}

describe('error answers', () => {
  it('bad input: 400 with the spec shape', async () => {
    const app = await appThrowing(badRequest('x'));
    const res = await app.inject({ method: 'POST', url: '/parse', payload: { email: 'nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Please enter a valid email',
      errors: [{ field: 'email', message: 'Please enter a valid email' }],
    });
  });

  it('a database that cannot be reached: 503 with a clear message and Retry-After', async () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating'), { code: '57P01' }),
      new TimeoutError('Appending timed out'),
      new DatabaseUnavailableError('PostgreSQL is unavailable: Connection terminated unexpectedly'),
    ]) {
      const res = await (await appThrowing(err)).inject({ method: 'POST', url: '/boom' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
    }
  });

  it('anything else: 500 with a generic message, never the error itself', async () => {
    const res = await (
      await appThrowing(new Error('secret internals at db.ts:12'))
    ).inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internals');
  });

  it('a domain refusal: its kind decides the status, its message and details are the body', async () => {
    class MonthlyLimitReached extends DomainError {
      readonly kind = 'limit';
      constructor(resetDate: string) {
        super('Monthly limit reached', { resetDate });
      }
    }
    const res = await (
      await appThrowing(new MonthlyLimitReached('2026-12-01'))
    ).inject({ method: 'POST', url: '/boom' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Monthly limit reached', resetDate: '2026-12-01' });
  });

  it("a path whose %-escapes do not decode: our 400 shape, not Fastify's body", async () => {
    const app = Fastify({ logger: false, frameworkErrors: frameworkErrorHandler });
    installErrorHandler(app);
    app.get('/things/:id', async () => ({ ok: true }));
    for (const url of ['/things/%zz', '/things/%E0%A4%A', '/elsewhere/%zz']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'This address is not valid: it has a malformed %-escape' });
    }
  });
});
