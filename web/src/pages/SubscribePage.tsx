import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function SubscribePage() {
  return <PlaceholderPage title="Subscribe" />;
}
