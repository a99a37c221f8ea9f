import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountMessages } from '@lectio/contracts/accounts';
import type { Config } from '@lectio/platform';
import { HttpError } from '@lectio/platform/http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** host[:port], lower-case, without a default port (Host headers may carry :80 or :443, URLs drop them). */
const normalise = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

const hostOf = (url: string): string | undefined => {
  try {
    const host = new URL(url).host;
    return host ? normalise(host) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Refuses state-changing requests that a browser sent from another site: when Origin (or, failing
 * that, Referer) is present, its host must be the host the request was sent to (or PUBLIC_URL's).
 * Requests without either header (curl, server-to-server) pass; SameSite=Lax cookies cover the rest.
 */
export function installCsrfGuard(app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL'>) {
  const publicHost = config.PUBLIC_URL ? hostOf(config.PUBLIC_URL) : undefined;
  app.addHook('onRequest', async (req: FastifyRequest) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin ?? req.headers.referer;
    if (origin === undefined) return;
    const from = hostOf(origin); // 'null' (sandboxed frames, some redirects) has no host: refused
    const own = [req.headers.host, req.host, publicHost].filter((h): h is string => !!h).map(normalise);
    if (!from || !own.includes(from)) throw new HttpError(403, accountMessages.crossSite);
  });
}
