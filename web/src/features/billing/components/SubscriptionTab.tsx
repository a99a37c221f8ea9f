import { lazy, Suspense, useState } from 'react';
import { PREMIUM_PRICE_LABEL } from '@lectio/contracts/constants';
import { CardIcon, CrownIcon } from '../../../components/icons';
import { Button, ButtonLink } from '../../../components/ui';
import { formatLongDate } from '../../accounts';
import type { User } from '../../../lib/auth';
import { InlineCancel, TRIAL_CANCEL_MESSAGE } from './InlineCancel';
import { Card, Facts } from '../../../components/Card';
import { isCancelled, Notice } from './parts';
import { accessEndsAt, planFacts } from './subscriptionFacts';
import { paths } from '../../../lib/paths';

// The card dialog (react-aria's overlay code, the card form) is fetched when it opens: /account's
// first screen, which imports this tab, does not wait for it.
const UpdatePaymentDialog = lazy(() =>
  import('./PaymentMethodsManager').then((m) => ({ default: m.UpdatePaymentDialog })),
);

/**
 * The account page's Subscription tab: plan 'Premium Membership' at $15/month and the status;
 * active readers see the next billing date, the $6.00 budget and Cancel Subscription with its
 * inline confirm; inactive ones 'No Active Subscription' and Subscribe Now; cancelled ones when
 * access ends and Renew Subscription; past_due readers how to fix the card.
 */
export function SubscriptionTab({ user }: { user: User }) {
  const status = user.subscriptionStatus;
  const [updating, setUpdating] = useState(false);

  return (
    <Card title="Subscription" description="Your plan and billing.">
      <Facts items={planFacts(user)} label="Your plan" />
      <div className="mt-6">
        {status === 'active' ? (
          <div className="flex flex-wrap gap-2">
            <InlineCancel />
            <ButtonLink to={paths.manageSubscription} variant="ghost">
              Manage Subscription
            </ButtonLink>
          </div>
        ) : isCancelled(status) ? (
          <Notice title="Subscription cancelled">
            <p>
              Your subscription has been cancelled. You will keep premium access until the end of your current billing
              period
              {accessEndsAt(user) ? `, ${formatLongDate(accessEndsAt(user))}` : ''}.
            </p>
            <ButtonLink to={paths.realStripeCheckout} className="mt-4">
              <CrownIcon width={16} height={16} /> Renew Subscription
            </ButtonLink>
          </Notice>
        ) : status === 'trial' ? (
          <Notice title="Free trial">
            <p>
              You are on the free trial. After it ends you are subscribed at {PREMIUM_PRICE_LABEL} unless you cancel.
              Upgrade now to ask your own questions about any passage.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <ButtonLink to={`${paths.immediateUpgrade}/account`}>
                <CrownIcon width={16} height={16} /> Upgrade Now
              </ButtonLink>
              <InlineCancel label="Cancel Trial" message={TRIAL_CANCEL_MESSAGE} />
            </div>
          </Notice>
        ) : status === 'past_due' ? (
          <Notice title="Payment past due" tone="danger">
            <p>Your last payment did not go through. Update your payment method to keep premium access.</p>
            <Button className="mt-4" onClick={() => setUpdating(true)}>
              <CardIcon width={16} height={16} /> Update payment method
            </Button>
          </Notice>
        ) : (
          <Notice title="No Active Subscription">
            <p>
              Subscribe to Premium for {PREMIUM_PRICE_LABEL} to ask your own questions about any passage and get
              personalized study help.
            </p>
            <ButtonLink to={paths.realStripeCheckout} className="mt-4">
              <CrownIcon width={16} height={16} /> Subscribe Now
            </ButtonLink>
          </Notice>
        )}
      </div>
      {updating && (
        <Suspense fallback={null}>
          <UpdatePaymentDialog isOpen onOpenChange={setUpdating} />
        </Suspense>
      )}
    </Card>
  );
}
