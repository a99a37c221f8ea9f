/** @lectio/platform/testing: for tests only (real engines, an event store on PGlite, decider specs, the event-store contract suite). */
export * from '../eventstore/contract-suite';
export * from './decider-spec';
export * from './engines';
export * from './event-store';
export * from './projection-spec';
export * from './percentile';
