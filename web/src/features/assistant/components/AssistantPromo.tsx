import { PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '@lectio/contracts/constants';
import { SparkleIcon } from '../../../components/icons';
import { ButtonLink } from '../../../components/ui';
import type { PromoKind } from '../state/access';
import { paths } from '../../../lib/paths';

const HEADINGS: Record<PromoKind, { title: string; text: string }> = {
  new: {
    title: 'Ask about any passage',
    text: 'Highlight a verse and the Scripture Assistant explains its meaning, context and application — tailored to your faith journey.',
  },
  trialEnded: {
    title: 'Your free trial has ended',
    text: 'Subscribe to keep asking the Scripture Assistant about any passage, in your own words.',
  },
  premiumEnded: {
    title: 'Your Premium access has ended',
    text: 'Renew to keep asking the Scripture Assistant about any passage, in your own words.',
  },
  paymentFailed: {
    title: 'Premium is paused',
    text: 'Your last payment did not go through. Update your card to keep asking about any passage.',
  },
};

/**
 * Shown to signed-out readers and signed-in readers with neither a trial nor Premium: the 14-day
 * trial, the subscription and (signed out only) Sign In. A reader whose trial has ended is asked
 * to upgrade instead of being offered a second trial (spec: an expired trial is prompted to upgrade).
 */
export function AssistantPromo({ signedIn, kind }: { signedIn: boolean; kind: PromoKind }) {
  const offerTrial = kind === 'new';
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <span aria-hidden="true" className="grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent">
        <SparkleIcon width={28} height={28} />
      </span>
      <div>
        <h3 className="font-serif text-xl font-semibold">{HEADINGS[kind].title}</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted">{HEADINGS[kind].text}</p>
      </div>
      <div className="grid w-full max-w-xs gap-2">
        {offerTrial && (
          <ButtonLink to={paths.trial} className="justify-center">
            Get {TRIAL_DAYS} Days Free
          </ButtonLink>
        )}
        {kind === 'paymentFailed' ? (
          <ButtonLink to={paths.manageSubscription} className="justify-center">
            Update payment method
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.subscription} variant={offerTrial ? 'outline' : 'primary'} className="justify-center">
            Subscribe Now
          </ButtonLink>
        )}
        {!signedIn && (
          <ButtonLink to={paths.auth} variant="ghost" className="justify-center">
            Sign In
          </ButtonLink>
        )}
      </div>
      <p className="text-xs text-muted">
        {offerTrial
          ? `Premium is ${PREMIUM_PRICE_LABEL} after the ${TRIAL_DAYS}-day free trial.`
          : `Premium is ${PREMIUM_PRICE_LABEL}.`}
      </p>
    </div>
  );
}
