export * from './questions/types';
export * from './questions/compose';
export * from './questions/bank';
export * from './bible';
export * from './citations';
export * from './passage';
export * from './search';
export type * from './library-data';
export * from './warm';
