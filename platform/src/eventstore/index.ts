/** @lectio/platform/eventstore: the event-store port and its adapters (PostgreSQL or PGlite, EventStoreDB). */
export * from './eventstoredb-store';
export * from './port';
export * from './postgres-store';
