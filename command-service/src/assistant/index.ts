/**
 * The assistant module as the composition root sees it: its routes and the reservation sweeper,
 * the routes that take no body, and its tables.
 */
export { ASSISTANT_ROUTES_WITHOUT_BODY, type AssistantOptions, assistantModule } from './routes';
export { reservationMigrations } from './budget/open-reservations';
