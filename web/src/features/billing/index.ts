/**
 * Billing's public entry: what other features may use. The reader's banner is plain (a lazy chunk arrived after the passage and moved it);
 * the account page's Subscription tab and its card pieces are plain. The billing screens themselves
 * are loaded by App.tsx's routes. package.json beside this file marks this file (only) free of side
 * effects, so the bundler skips it and the reader does not pull in the Subscription tab's chunk.
 */
export { TrialBannerSlot } from './components/TrialBannerSlot';
export { SubscriptionTab } from './components/SubscriptionTab';
export { BillingCard, Facts, StatusBadge } from './components/parts';
