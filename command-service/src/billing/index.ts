export { loadEntitlement, entitlementOf, type Entitlement } from './entitlement';
export { subscriptionDecider, foldSubscription, type SubscriptionState, type SubscriptionCommand } from './subscription-decider';
export * from './errors';
