import { PlaceholderPage } from './PlaceholderPage';

/** Placeholder: built in its own issue. */
export default function TrialPage() {
  return <PlaceholderPage title="Start Your 14-Day Free Trial" />;
}
