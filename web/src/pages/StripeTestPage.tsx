import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function StripeTestPage() {
  return <PlaceholderPage title="Stripe Test Checkout" />;
}
