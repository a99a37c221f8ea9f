/** @lectio/standalone/testing: a whole Lectio on PGlite in a fresh data directory, for API tests (tests only). */
export * from './test-server';
