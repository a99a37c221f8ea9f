/** @lectio/query-service: every GET /api route, answered from the read models and the library. */
export { createQuerySide } from './app';
export { getBibleStore } from './bible/bible-store';
