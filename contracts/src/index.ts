export * from './books';
export * from './constants';
export * from './events';
export * from './premium';
export * from './subjects';
export * from './accounts';
export * from './assistant';
export * from './assistant-schemas';
