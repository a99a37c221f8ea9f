/** @lectio/standalone: the composition root of `npm start` (one process, one port, the built web app). */
export * from './server';
