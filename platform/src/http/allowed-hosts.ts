import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * DNS rebinding: a web page on attacker.example, whose name the attacker then points at 127.0.0.1,
 * reaches a server on the reader's own machine from the reader's own browser, same-origin for the
 * browser, with `Host: attacker.example`. So only the names Lectio is published at are answered:
 * the loopback names (localhost, *.localhost, 127.0.0.1, [::1]), PUBLIC_URL's host, and
 * ALLOWED_HOSTS. Any port: an attacker can choose the port in a rebinding but not the name, and a
 * proxy in front (vite on 5173, nginx) forwards its own.
 */
export const HOST_REFUSED_MESSAGE = 'This server does not answer to that host name.';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The name of a Host header: lower-case, without a port or a trailing dot. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d*$/, '');
  return name.replace(/\.$/, '');
}

const isLoopbackName = (name: string) => LOOPBACK_NAMES.has(name) || name.endsWith('.localhost');

/**
 * Whether a Host header names this server. ALLOWED_HOSTS entries are names (`lectio.example`),
 * `.lectio.example` for it and every subdomain, or `*` for any name.
 */
export function hostAllowList(
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS'>,
): (host: string | undefined) => boolean {
  const names = new Set<string>();
  if (config.PUBLIC_URL) names.add(hostName(new URL(config.PUBLIC_URL).host));
  const extra = (config.ALLOWED_HOSTS ?? '')
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  if (extra.includes('*')) return () => true;
  const suffixes = extra.filter((n) => n.startsWith('.'));
  for (const n of extra) if (!n.startsWith('.')) names.add(hostName(n));
  return (host) => {
    if (!host) return false;
    const name = hostName(host);
    return isLoopbackName(name) || names.has(name) || suffixes.some((s) => name === s.slice(1) || name.endsWith(s));
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether a Host header names this server (installHostCheck); development routes ask it too. */
    isAllowedHost?: (host: string | undefined) => boolean;
  }
}

/**
 * Refuses requests for other host names (421 Misdirected Request, with a message). The whole app
 * is checked unless a trusted proxy (TRUST_PROXY) stands in front, which then decides which names
 * reach us; development routes are always checked (`devOnly`). GET /api/health answers any name:
 * load balancers and orchestrators probe by address.
 */
export function installHostCheck(
  app: FastifyInstance,
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_HOSTS' | 'TRUST_PROXY'>,
) {
  const allowed = hostAllowList(config);
  app.decorate('isAllowedHost', allowed);
  if (config.TRUST_PROXY > 0) return;
  app.addHook('onRequest', (req, reply, done) => {
    // req.host: the Host header (X-Forwarded-Host only from a trusted proxy).
    if (allowed(req.host) || req.url.split('?')[0] === '/api/health') return done();
    void reply.status(421).send({ message: HOST_REFUSED_MESSAGE });
  });
}

/** True when the request names this server; without installHostCheck, only the loopback names do. */
export function namesThisServer(req: FastifyRequest): boolean {
  return req.server.isAllowedHost ? req.server.isAllowedHost(req.host) : isLoopbackName(hostName(req.host));
}
