/**
 * The billing module as the composition root sees it: its routes, worker and automation mails on
 * one provider; Stripe's webhook, registered outside the CSRF guard; and its tables.
 */
export { type BillingOptions, billingModule } from './routes';
export { registerStripeWebhook } from './stripe/webhook-routes';
export { billingMigrations } from './migrations';
