/** The reading-plans module as the composition root sees it: its routes. */
export { plansModule } from './routes';
