/**
 * Every screen's path, written once: App.tsx routes them; links, redirects and returns name them.
 * The server's own addresses (/api/..., mailed links) are not here.
 */
export const paths = {
  landing: '/',
  landingAlias: '/landing',
  home: '/home',
  auth: '/auth',
  trial: '/trial',
  subscribe: '/subscribe',
  simpleSubscribe: '/simple-subscribe',
  subscriptionSuccess: '/subscription-success',
  testSubscriptionSuccess: '/test-subscription-success',
  devLogin: '/dev-login',
  devMailbox: '/dev/mailbox',
  stripeTest: '/stripe-test',
  realStripeCheckout: '/real-stripe-checkout',
  support: '/support',
  supportAccount: '/support/accounts/:id',
  notes: '/notes',
  account: '/account',
  subscription: '/subscription',
  manageSubscription: '/manage-subscription',
  immediateUpgrade: '/immediate-upgrade',
  plans: '/plans',
} as const;

/** One account in the support console. */
export const supportAccountPath = (id: string) => `/support/accounts/${encodeURIComponent(id)}`;

/**
 * The upgrade link for the page the reader is on, which it returns to: '/home?book=john' ->
 * '/immediate-upgrade/home%3Fbook%3Djohn' (the path with its query as one segment, no leading slash).
 */
export function upgradeHref(currentPath: string): string {
  const trimmed = currentPath.replace(/^\/+/, '');
  return trimmed ? `${paths.immediateUpgrade}/${encodeURIComponent(trimmed)}` : paths.immediateUpgrade;
}
