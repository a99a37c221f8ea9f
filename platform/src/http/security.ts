import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { API_CSP, PAGE_CSP } from './csp';

/**
 * Security headers on every response (the CSP is in csp.ts). Referrer-Policy keeps reset tokens in
 * URLs from leaking to other sites.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers: Record<string, string> = {
    'content-security-policy': PAGE_CSP,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
  // JSON is never a document: the OWASP REST set (nothing may load, nothing may frame it) is enough,
  // and it keeps the hot read routes light.
  const apiHeaders: Record<string, string> = {
    'content-security-policy': API_CSP,
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  };
  if (config.NODE_ENV === 'production') {
    headers['strict-transport-security'] = apiHeaders['strict-transport-security'] =
      'max-age=31536000; includeSubDomains';
  }
  // A synchronous onRequest hook: set once per request, cheaper than an async onSend on hot routes.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
}
