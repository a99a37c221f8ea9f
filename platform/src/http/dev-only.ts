import type { FastifyReply, FastifyRequest } from 'fastify';
import { namesThisServer } from './allowed-hosts';

/**
 * True when the request comes from this machine. `req.ip` is the socket's address unless
 * TRUST_PROXY names proxy hops, in which case it is the client's address as the trusted proxy saw
 * it (so nginx on the same host does not make every LAN client look local).
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * Guard for development routes (/api/dev-login, /api/dev/*, test-only billing shortcuts): they
 * answer only clients on this machine, asking by a name of this server (a page whose name was
 * rebound to 127.0.0.1 is on this machine too, see allowed-hosts.ts). Anyone else gets the same 404
 * as a route that does not exist, so a development server does not hand out sessions or reset links. Use as a route's preHandler, or for a whole plugin: `app.addHook('onRequest', devOnly)`.
 * Routes still must not be registered at all in production; this guards development runs.
 */
export function devOnly(req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void {
  if (isLoopback(req.ip) && namesThisServer(req)) return done();
  void reply.status(404).send({ message: `No route for ${req.method} ${req.url.split('?')[0]}` });
}
