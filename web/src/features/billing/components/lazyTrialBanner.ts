import { lazy } from 'react';

/** The trial and past-due banner, fetched when first shown (its own chunk): the reader's first load does not grow. */
export const TrialBanner = lazy(() => import('./TrialBanner'));
