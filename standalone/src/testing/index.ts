/**
 * @lectio/standalone/testing: a whole Lectio on PGlite in a fresh data directory, for API tests,
 * and one in Stripe mode against the fake Stripe server (tests only).
 */
export * from './stripe-lectio';
export * from './test-server';
export * from './lectio-process';
