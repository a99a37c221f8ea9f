import { createStore } from 'jotai';

/** The one jotai store, so non-React code (API callbacks, loaders) can read and write atoms. */
export const appStore = createStore();
