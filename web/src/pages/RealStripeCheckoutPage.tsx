import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function RealStripeCheckoutPage() {
  return <PlaceholderPage title="Checkout" />;
}
