import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function SubscriptionSuccessPage() {
  return <PlaceholderPage title="Subscription" />;
}
