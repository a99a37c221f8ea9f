import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function TestSubscriptionSuccessPage() {
  return <PlaceholderPage title="Test Subscription Success" />;
}
