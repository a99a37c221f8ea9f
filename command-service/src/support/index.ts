/** The support module as the composition root sees it: staff's reads and actions, and the reader's support-access list and export. */
export { type SupportOptions, supportModule } from './routes';
