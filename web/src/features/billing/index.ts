/**
 * Billing's public entry: what other features may use. The reader's banner is lazy (its own chunk);
 * the account page's Subscription tab and its card pieces are plain. The billing screens themselves
 * are loaded by App.tsx's routes. package.json beside this file marks this file (only) free of side
 * effects, so the bundler skips it and the reader does not pull in the Subscription tab's chunk.
 */
export { TrialBanner } from './components/lazyTrialBanner';
export { SubscriptionTab } from './components/SubscriptionTab';
export { BillingCard, Facts, StatusBadge } from './components/parts';
