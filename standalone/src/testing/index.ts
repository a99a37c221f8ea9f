/** @lectio/standalone/testing: the whole Lectio of `npm start` on PGlite in a fresh data directory, for API tests (tests only). */
export * from './test-server';
export * from './lectio-process';
export * from './http-reader';
export * from '../faults/slow-neighbour';
