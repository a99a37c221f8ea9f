import { useEffect, useState, type ReactNode } from 'react';
import { PREMIUM_PRICE_CENTS, PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '@lectio/contracts/constants';
import { ConfirmDialog } from '../../../components/Dialog';
import { CheckIcon, CrownIcon } from '../../../components/icons';
import { Button, ButtonLink } from '../../../components/ui';
import { formatLongDate, nextBillingDate, StatusBadge } from '../../accounts';
import { userAccess } from '../../../lib/access';
import { refreshAuth, useUser, type User } from '../../../lib/auth';
import { useCancelSubscription } from '../hooks/useCancelSubscription';
import { PageShell } from './PageShell';
import { Card, Facts } from '../../../components/Card';
import { isCancelled, Notice } from './parts';
import { UpdatePaymentDialog } from './PaymentMethodsManager';
import { accessEndsAt } from './subscriptionFacts';
import { paths } from '../../../lib/paths';

/**
 * /subscription, the header's Get Premium. A reader who never subscribed sees what Premium is and
 * how to get it; anyone with a trial or a subscription sees the alternate management page
 * (back goes to /): status, price, next billing date, cancel with a dialog, update payment method.
 */
export default function SubscriptionPage() {
  const user = useUser();
  useEffect(() => {
    void refreshAuth();
  }, []);
  if (!user) return null;
  const access = userAccess(user);
  return access?.status === 'inactive' ? (
    <GetPremium trialEnded={access.trialExpired} />
  ) : (
    <AlternateManagement user={user} />
  );
}

const BENEFITS = [
  'Ask your own questions about any passage',
  'Context-specific suggestions',
  'Personalized study help',
  'A monthly AI budget of $6.00 (about 240 questions)',
];

/** A reader whose trial has ended is not offered another (it led to /trial's 'Your free trial has ended'): subscribing is the way on. */
function GetPremium({ trialEnded }: { trialEnded: boolean }) {
  return (
    <PageShell title="Get Premium" back={{ to: '/', label: 'Back' }}>
      <Card title="Premium Membership" description={`${PREMIUM_PRICE_LABEL}. Cancel any time.`}>
        {trialEnded && (
          <div className="mb-5">
            <Notice title="Your free trial has ended">
              <p>Subscribe to Premium for {PREMIUM_PRICE_LABEL} to keep asking your own questions.</p>
            </Notice>
          </div>
        )}
        <ul className="grid gap-2 text-sm">
          {BENEFITS.map((b) => (
            <li key={b} className="flex gap-2">
              <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" /> {b}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-2">
          {!trialEnded && <ButtonLink to={paths.trial}>Get {TRIAL_DAYS} Days Free</ButtonLink>}
          <ButtonLink to={paths.realStripeCheckout} variant={trialEnded ? 'primary' : 'outline'}>
            <CrownIcon width={16} height={16} /> Subscribe Now
          </ButtonLink>
        </div>
      </Card>
    </PageShell>
  );
}

function AlternateManagement({ user }: { user: User }) {
  const status = user.subscriptionStatus;
  const active = status === 'active';
  const [confirming, setConfirming] = useState(false);
  const [updating, setUpdating] = useState(false);
  const { pending, cancel } = useCancelSubscription();
  // Spec: $15 when active, otherwise $0.
  const price = active ? `$${PREMIUM_PRICE_CENTS / 100}` : '$0';

  const facts: Array<[string, ReactNode]> = [
    // A pill, as on /account and /manage-subscription.
    ['Status', <StatusBadge key="status" status={status} />],
    ['Price', `${price}/month`],
  ];
  if (active) facts.push(['Next billing date', formatLongDate(nextBillingDate(user))]);
  if (isCancelled(status) && accessEndsAt(user)) facts.push(['Access until', formatLongDate(accessEndsAt(user))]);
  if (status === 'trial' && user.trialEndsAt) facts.push(['Trial ends', formatLongDate(user.trialEndsAt)]);

  return (
    <PageShell title="Subscription" back={{ to: '/', label: 'Back' }}>
      <Card title="Premium Membership">
        <Facts items={facts} label="Your subscription" />
        {status === 'past_due' && (
          <div className="mt-4">
            <Notice title="Payment past due" tone="danger">
              <p>Your last payment did not go through. Update your payment method to keep premium access.</p>
            </Notice>
          </div>
        )}
        <div className="mt-6 flex flex-wrap items-center gap-2">
          <Button variant="outline" disabled={!active} onClick={() => setConfirming(true)}>
            Cancel Subscription
          </Button>
          {/* A link's look without a button's padding: its text lines up with the button above when the row wraps (it sat 16 px in). */}
          <Button
            variant="ghost"
            className="!px-0 !text-accent underline underline-offset-2 hover:!bg-transparent"
            onClick={() => setUpdating(true)}
          >
            Update payment method
          </Button>
          {status === 'trial' && (
            <ButtonLink to={`${paths.immediateUpgrade}/subscription`}>
              <CrownIcon width={16} height={16} /> Upgrade Now
            </ButtonLink>
          )}
          {isCancelled(status) && (
            <ButtonLink to={paths.realStripeCheckout}>
              <CrownIcon width={16} height={16} /> Renew Subscription
            </ButtonLink>
          )}
        </div>
      </Card>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => !pending && setConfirming(open)}
        title="Cancel Subscription?"
        message="Your premium access continues until the end of your current billing period. After that, you will not be charged again."
        cancelLabel="No, Keep Subscription"
        confirmLabel="Yes, Cancel Subscription"
        pending={pending}
        pendingLabel="Cancelling..."
        onConfirm={async () => {
          await cancel();
          setConfirming(false);
        }}
      />
      <UpdatePaymentDialog isOpen={updating} onOpenChange={setUpdating} />
    </PageShell>
  );
}
