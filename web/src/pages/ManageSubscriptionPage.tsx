import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function ManageSubscriptionPage() {
  return <PlaceholderPage title="Manage Subscription" />;
}
