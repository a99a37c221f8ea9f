/** @lectio/testing/events: builders of domain events for deciders' specs and read models' tests. */
export * from './usage-events';
