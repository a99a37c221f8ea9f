/** The notes module as the composition root sees it: its routes. */
export { notesModule } from './routes';
