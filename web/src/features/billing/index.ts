/**
 * Billing's public entry: what other features may use. The banner is lazy (its own chunk) so the
 * reader's first load does not grow; the account page's Subscription tab and its card pieces are
 * plain. The billing screens themselves are loaded by App.tsx's routes.
 */
export { TrialBanner } from './components/lazyTrialBanner';
export { SubscriptionTab } from './components/SubscriptionTab';
export { BillingCard, Facts, StatusBadge } from './components/parts';
