import { SparkleIcon } from '../components/icons';
import { ButtonLink } from '../components/ui';
import { useAuth } from '../lib/auth';

/** Shown to signed-out readers and signed-in readers with neither a trial nor a subscription. */
export function AssistantPromo() {
  // A signed-in reader is not offered 'Sign In' (only the trial and the subscription).
  const { status } = useAuth();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <span aria-hidden="true" className="grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent">
        <SparkleIcon width={28} height={28} />
      </span>
      <div>
        <h3 className="font-serif text-xl font-semibold">Ask about any passage</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted">
          Highlight a verse and the Scripture Assistant explains its meaning, context and application — tailored to your faith journey.
        </p>
      </div>
      <div className="grid w-full max-w-xs gap-2">
        <ButtonLink to="/trial" className="justify-center">
          Get 14 Days Free
        </ButtonLink>
        <ButtonLink to="/subscription" variant="outline" className="justify-center">
          Subscribe Now
        </ButtonLink>
        {status === 'unauthenticated' && (
          <ButtonLink to="/auth" variant="ghost" className="justify-center">
            Sign In
          </ButtonLink>
        )}
      </div>
      <p className="text-xs text-muted">Premium is $15/month after the 14-day free trial.</p>
    </div>
  );
}
