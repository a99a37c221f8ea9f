import { type Access, accessOf, type SubscriptionFacts } from '@lectio/contracts/billing';

/**
 * The signed-in user's access now, as the contracts' one rule decides it (null: signed out). The
 * header, protected routes, billing pages and the assistant panel read their facts from here.
 */
export function userAccess(user: SubscriptionFacts | null, now: Date = new Date()): Access | null {
  return user ? accessOf(user, now) : null;
}

/** The header's Get Premium: signed in and not an active subscriber (a cancelled one included). */
export function showsGetPremium(user: SubscriptionFacts | null, now: Date = new Date()): boolean {
  return userAccess(user, now)?.offerPremium ?? false;
}
