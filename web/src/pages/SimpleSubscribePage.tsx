import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function SimpleSubscribePage() {
  return <PlaceholderPage title="Subscribe" />;
}
