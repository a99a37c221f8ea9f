export * from './questions/types';
export * from './questions/compose';
