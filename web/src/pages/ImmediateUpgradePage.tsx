import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function ImmediateUpgradePage() {
  return <PlaceholderPage title="Upgrade to Premium" />;
}
