import { useEffect } from 'react';
import { CrownIcon } from '../../../components/icons';
import { ButtonLink } from '../../../components/ui';
import { refreshAuth, useUser } from '../../../lib/auth';
import { usePaymentMethods } from '../hooks/usePaymentMethods';
import { InlineCancel, TRIAL_CANCEL_MESSAGE } from './InlineCancel';
import { PageShell } from './PageShell';
import { BillingCard, Facts, isCancelled, Notice } from './parts';
import { PaymentMethodsManager } from './PaymentMethodsManager';
import { planFacts } from './subscriptionFacts';
import { UsageStatistics } from './UsageStatistics';

/** /manage-subscription (back goes to /account): the plan, the masked card, usage, the cards. */
export default function ManageSubscriptionPage() {
  const user = useUser();
  const { methods, reload } = usePaymentMethods(!!user);
  useEffect(() => {
    void refreshAuth();
  }, []);
  if (!user) return null;
  const status = user.subscriptionStatus;
  const defaultCard = methods ? (methods.find((m) => m.isDefault) ?? null) : undefined;

  return (
    <PageShell title="Manage Subscription" back={{ to: '/account', label: 'Back to Account' }}>
      <BillingCard title="Your plan">
        <Facts items={planFacts(user, defaultCard)} label="Your plan" />
        <div className="mt-6">
          {status === 'active' ? (
            <InlineCancel />
          ) : status === 'past_due' ? (
            <Notice title="Payment past due" tone="danger">
              <p>Your last payment did not go through. Add a card or make another card the default below; we will charge it again.</p>
            </Notice>
          ) : isCancelled(status) || status === 'inactive' ? (
            <ButtonLink to="/real-stripe-checkout">
              <CrownIcon width={16} height={16} /> {isCancelled(status) ? 'Renew Subscription' : 'Subscribe Now'}
            </ButtonLink>
          ) : status === 'trial' ? (
            <div className="flex flex-wrap gap-2">
              <ButtonLink to="/immediate-upgrade/manage-subscription">
                <CrownIcon width={16} height={16} /> Upgrade Now
              </ButtonLink>
              <InlineCancel label="Cancel Trial" message={TRIAL_CANCEL_MESSAGE} />
            </div>
          ) : null}
        </div>
      </BillingCard>
      {status === 'active' && <UsageStatistics user={user} />}
      <BillingCard title="Billing" description="Your default card pays for your subscription.">
        <PaymentMethodsManager onChanged={() => void reload()} />
      </BillingCard>
    </PageShell>
  );
}
