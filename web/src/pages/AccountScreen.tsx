import AccountPage from '../features/accounts/components/AccountPage';
import { SubscriptionTab } from '../features/billing';
import { DataExportCard, SupportAccessCard } from '../features/support';

const profileCards = (
  <>
    <SupportAccessCard />
    <DataExportCard />
  </>
);

/** /account as App.tsx routes it: the account page with support's cards and billing's Subscription tab plugged in. */
export default function AccountScreen() {
  return <AccountPage profileCards={profileCards} subscriptionTab={(user) => <SubscriptionTab user={user} />} />;
}
