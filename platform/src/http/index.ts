/** @lectio/platform/http: the Fastify app every service starts from, errors at the edge, the CSP, guards. */
export * from './allowed-hosts';
export * from './app';
export * from './csp';
export * from './dev-only';
export * from './errors';
export * from './secrets';
export * from './security';
export * from './rate-limiter';
export * from './json-stream';
export * from './route-schemas';
