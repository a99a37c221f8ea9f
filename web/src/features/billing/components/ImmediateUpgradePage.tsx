import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PREMIUM_PRICE_LABEL } from '@lectio/contracts/constants';
import { CheckIcon, CrownIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button, ButtonLink } from '../../../components/ui';
import { formatLongDate } from '../../accounts';
import { userAccess } from '../../../lib/access';
import { refreshAuth, useUser } from '../../../lib/auth';
import { convertTrialToPaid } from '../api/billing';
import { useBillingConfig } from '../hooks/useBillingConfig';
import { usePaymentMethods } from '../hooks/usePaymentMethods';
import { invalidateTrialStatus } from '../hooks/useTrialStatus';
import { brandName, expiryLabel } from '../state/cards';
import { billingErrorText } from '../state/errors';
import { billingMessages } from '../state/messages';
import { upgradeReturnPath } from '../state/returnPath';
import { PageShell } from './PageShell';
import { Card, Facts } from '../../../components/Card';
import { SandboxNotice } from './SandboxNotice';
import { paths } from '../../../lib/paths';

const BENEFITS = [
  'Ask your own questions about any passage',
  'Context-specific suggestions',
  'Personalized study help',
  'A monthly AI budget of $6.00 (about 240 questions)',
];

/**
 * /immediate-upgrade/{returnPath*}: a trial reader starts paying today ('Start Premium Now') on
 * the card on file; 'No Thanks, Continue Trial' and Back return to the path, /home by default.
 */
export default function ImmediateUpgradePage() {
  const params = useParams();
  const returnTo = upgradeReturnPath(params['*']);
  const navigate = useNavigate();
  const user = useUser();
  const { methods } = usePaymentMethods(!!user);
  const { config } = useBillingConfig();
  const [pending, setPending] = useState(false);
  if (!user) return null;
  const card = methods?.find((m) => m.isDefault) ?? methods?.[0] ?? null;
  const access = userAccess(user);
  const isTrial = access?.status === 'trial';
  const premium = access?.premium ?? false;

  const upgrade = async () => {
    setPending(true);
    try {
      await convertTrialToPaid();
    } catch (e) {
      toast({
        title: billingMessages.upgradeFailed,
        description: billingErrorText(e, billingMessages.upgradeFailedText),
        variant: 'destructive',
      });
      setPending(false);
      return;
    }
    invalidateTrialStatus();
    await refreshAuth();
    toast({ title: 'Welcome to Premium!', description: 'You can now ask your own questions about any passage.' });
    navigate(returnTo);
  };

  return (
    <PageShell title="Upgrade to Premium" back={{ to: returnTo, label: 'Back' }}>
      {isTrial ? (
        <Card title="Premium Membership">
          <span className="inline-flex rounded-full bg-accent-soft px-2.5 py-0.5 text-sm font-medium">Trial User</span>
          <ul className="mt-4 grid gap-2 text-sm">
            {BENEFITS.map((b) => (
              <li key={b} className="flex gap-2">
                <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" /> {b}
              </li>
            ))}
          </ul>
          <div className="mt-5">
            <Facts
              items={[
                ['Price', PREMIUM_PRICE_LABEL],
                ['Billing starts', `Today, ${formatLongDate(new Date())}`],
                [
                  'Payment method',
                  methods === null
                    ? 'Loading...'
                    : card
                      ? `${brandName(card.brand)} ending in ${card.last4} (expires ${expiryLabel(card.expMonth, card.expYear)})`
                      : 'None on file',
                ],
              ]}
            />
          </div>
          {config?.provider === 'sandbox' && <SandboxNotice className="mt-5" />}
          <div className="mt-6 flex flex-wrap gap-2">
            <Button size="lg" disabled={pending} onClick={() => void upgrade()}>
              <CrownIcon width={16} height={16} /> {pending ? 'Processing...' : 'Start Premium Now'}
            </Button>
            <ButtonLink to={returnTo} size="lg" variant="outline">
              No Thanks, Continue Trial
            </ButtonLink>
          </div>
        </Card>
      ) : (
        <Card title={premium ? 'You are a Premium member' : 'Not in a free trial'}>
          <p className="text-sm">
            {premium
              ? 'Your premium access is already active.'
              : 'This upgrade is for readers on the free trial. Subscribe from the Get Premium page instead.'}
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to={returnTo}>Continue</ButtonLink>
            {!premium && (
              <ButtonLink to={paths.subscription} variant="outline">
                Get Premium
              </ButtonLink>
            )}
          </div>
        </Card>
      )}
    </PageShell>
  );
}
