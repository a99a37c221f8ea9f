/** @lectio/platform/projections: running read models with crash-safe checkpoints, and waiting for them. */
export * from './checkpoints';
export * from './progress';
export * from './projection';
export * from './runner';
