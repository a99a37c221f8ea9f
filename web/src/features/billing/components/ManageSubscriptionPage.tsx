import { useEffect } from 'react';
import { CardIcon, CrownIcon } from '../../../components/icons';
import { ButtonLink } from '../../../components/ui';
import { refreshAuth, useUser } from '../../../lib/auth';
import { usePaymentMethods } from '../hooks/usePaymentMethods';
import { InlineCancel, TRIAL_CANCEL_MESSAGE } from './InlineCancel';
import { PageShell } from './PageShell';
import { Card, Facts } from '../../../components/Card';
import { isCancelled, Notice } from './parts';
import { PaymentMethodsManager } from './PaymentMethodsManager';
import { planFacts } from './subscriptionFacts';
import { UsageStatistics } from './UsageStatistics';
import { paths } from '../../../lib/paths';

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
    <PageShell title="Manage Subscription" icon={<CardIcon />} back={{ to: paths.account, label: 'Back to Account' }}>
      <Card title="Your plan">
        <Facts items={planFacts(user, defaultCard)} label="Your plan" />
        <div className="mt-6">
          {status === 'active' ? (
            <InlineCancel />
          ) : status === 'past_due' ? (
            <Notice title="Payment past due" tone="danger">
              <p>
                Your last payment did not go through. Add a card or make another card the default below; we will charge
                it again.
              </p>
            </Notice>
          ) : isCancelled(status) || status === 'inactive' ? (
            <ButtonLink to={paths.realStripeCheckout}>
              <CrownIcon width={16} height={16} /> {isCancelled(status) ? 'Renew Subscription' : 'Subscribe Now'}
            </ButtonLink>
          ) : status === 'trial' ? (
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={`${paths.immediateUpgrade}/manage-subscription`}>
                <CrownIcon width={16} height={16} /> Upgrade Now
              </ButtonLink>
              <InlineCancel label="Cancel Trial" message={TRIAL_CANCEL_MESSAGE} />
            </div>
          ) : null}
        </div>
      </Card>
      {status === 'active' && <UsageStatistics user={user} />}
      <Card title="Billing" description="Your default card pays for your subscription.">
        <PaymentMethodsManager onChanged={() => void reload()} />
      </Card>
    </PageShell>
  );
}
