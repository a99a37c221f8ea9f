import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function SubscriptionPage() {
  return <PlaceholderPage title="Get Premium" />;
}
