/**
 * Billing's public entry: what other features may use. The reader's banner is not lazy (as its own
 * chunk it arrived after the passage and pushed it down); nor is the account page's Subscription tab.
 * The billing screens themselves
 * are loaded by App.tsx's routes. package.json beside this file marks this file (only) free of side
 * effects, so the bundler skips it and the reader does not pull in the Subscription tab's chunk.
 */
export { default as TrialBanner } from './components/TrialBanner';
export { SubscriptionTab } from './components/SubscriptionTab';
