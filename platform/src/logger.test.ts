import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import { createLogger, redactUrl } from './logger';

it('masks secrets in query strings', () => {
  expect(redactUrl('/auth?token=abc123')).toBe('/auth?token=[redacted]');
  expect(redactUrl('/auth?tab=login&token=abc&x=1')).toBe('/auth?tab=login&token=[redacted]&x=1');
  expect(redactUrl('/api/subscription-success?session_id=cs_123')).toBe(
    '/api/subscription-success?session_id=[redacted]',
  );
  expect(redactUrl('/home?book=john&chapter=3')).toBe('/home?book=john&chapter=3');
});

it('a request for a reset link does not write the token or a password to the log', async () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _e, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ loggerInstance: createLogger({ level: 'info', destination }) as FastifyBaseLogger });
  app.get('/auth', async () => 'ok');
  app.post('/api/login', async (req) => {
    req.log.info({ body: req.body, password: 'in a field' }, 'careless log line');
    return 'ok';
  });
  await app.inject({ url: '/auth?token=SECRET-RESET-TOKEN' });
  await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b.c', password: 'SECRET-PASSWORD' } });
  const log = lines.join('');
  expect(log).toContain('/auth?token=[redacted]');
  expect(log).not.toContain('SECRET-RESET-TOKEN');
  expect(log).not.toContain('SECRET-PASSWORD');
  expect(log).not.toContain('in a field');
});
