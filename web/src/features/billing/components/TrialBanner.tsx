import { useLocation } from 'react-router-dom';
import { CardIcon, CrownIcon, SparkleIcon } from '../../../components/icons';
import { ButtonLink } from '../../../components/ui';
import { formatLongDate } from '../../accounts';
import { useUser } from '../../../lib/auth';
import { useTrialStatus } from '../hooks/useTrialStatus';
import { bannerState, daysLeftText, provisionalBannerState } from '../state/banner';
import { paths, upgradeHref } from '../../../lib/paths';

/**
 * The reader's billing banner: active trial (days left, upgrade), expired trial (subscribe), not
 * started (start the 14-day trial), and a failed renewal (fix the card). Hidden for active
 * subscribers and for signed-out readers.
 */
export default function TrialBanner() {
  const user = useUser();
  const location = useLocation();
  const trial = useTrialStatus(user ? `${user.username}:${user.subscriptionStatus}` : null);
  if (!user) return null;
  // Until the trial status is read, the banner the account suggests holds its place, unseen: the
  // passage below does not move when the real one appears.
  const provisional = trial === undefined;
  const state = provisional ? provisionalBannerState(user, new Date()) : bannerState(user.subscriptionStatus, trial);
  if (state.kind === 'hidden') return null;
  const frame = provisional ? { className: 'invisible px-4 pt-4', 'aria-hidden': true } : { className: 'px-4 pt-4' };

  const box = 'mx-auto flex max-w-3xl flex-wrap items-center gap-3 rounded-xl border px-4 py-3 text-sm';
  if (state.kind === 'past_due')
    return (
      <div {...frame}>
        <aside aria-label="Subscription" className={`${box} border-danger bg-danger-soft`}>
          <CardIcon width={18} height={18} aria-hidden="true" />
          <p className="flex-1">
            <strong>Your last payment failed.</strong> Update your payment method to keep Premium.
          </p>
          <ButtonLink to={paths.manageSubscription} size="sm">
            Update payment method
          </ButtonLink>
        </aside>
      </div>
    );
  if (state.kind === 'trial')
    return (
      <div {...frame}>
        <aside aria-label="Free trial" className={`${box} border-line bg-accent-soft`}>
          <SparkleIcon width={18} height={18} aria-hidden="true" />
          <p className="flex-1">
            <strong>{daysLeftText(state.daysLeft)}.</strong>
            {state.trialEndsAt && ` Premium starts on ${formatLongDate(state.trialEndsAt)} unless you cancel.`}
          </p>
          <ButtonLink to={upgradeHref(location.pathname + location.search)} size="sm">
            <CrownIcon width={14} height={14} /> Upgrade now
          </ButtonLink>
        </aside>
      </div>
    );
  if (state.kind === 'expired')
    return (
      <div {...frame}>
        <aside aria-label="Free trial" className={`${box} border-line bg-raised`}>
          <CrownIcon width={18} height={18} aria-hidden="true" />
          <p className="flex-1">
            <strong>Your free trial has ended.</strong> Subscribe to keep asking the Scripture Assistant.
          </p>
          <ButtonLink to={paths.subscription} size="sm">
            Get Premium
          </ButtonLink>
        </aside>
      </div>
    );
  return (
    <div {...frame}>
      <aside aria-label="Free trial" className={`${box} border-line bg-raised`}>
        <SparkleIcon width={18} height={18} aria-hidden="true" />
        <p className="flex-1">
          <strong>Try Premium free for 14 days.</strong> Sample questions with expert answers on every passage.
        </p>
        {/* The card comes first: /trial takes it, then starts the trial. */}
        <ButtonLink to={paths.trial} size="sm">
          Start Free Trial
        </ButtonLink>
      </aside>
    </div>
  );
}
