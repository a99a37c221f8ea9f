import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PREMIUM_PRICE_LABEL } from '@lectio/contracts/constants';
import { CheckIcon, CrownIcon } from '../../../components/icons';
import { PageLoading } from '../../../components/ProtectedRoute';
import { toast } from '../../../components/toast';
import { Button, ButtonLink } from '../../../components/ui';
import { userAccess } from '../../../lib/access';
import { refreshAuth, useAuth } from '../../../lib/auth';
import {
  activateSubscription,
  minimalStripeTest,
  realStripeCheckout,
  stripeCheckout,
  subscriptionSuccess,
} from '../api/billing';
import { useBillingConfig } from '../hooks/useBillingConfig';
import { invalidateTrialStatus } from '../hooks/useTrialStatus';
import { billingErrorText, rawErrorText } from '../state/errors';
import { billingMessages } from '../state/messages';
import { PageShell } from './PageShell';
import { Card } from '../../../components/Card';
import { Notice } from './parts';
import { SandboxNotice } from './SandboxNotice';
import { paths } from '../../../lib/paths';

/*
 * The subscribe and checkout pages. One price everywhere ($15/month, from contracts): a page that
 * showed another amount would charge something the reader never agreed to.
 */

/** Spec: the simple subscribe page returns to / 2 seconds after success. */
const SIMPLE_SUBSCRIBE_REDIRECT_MS = 2000;
/** Where /stripe-test leaves the session id for /test-subscription-success. */
export const TEST_SESSION_KEY = 'lectio:testSessionId';

/**
 * The sandbox says no real money moves; the test-card hint is shown where a card is asked for
 * (the checkout pages), not on /simple-subscribe, which takes none.
 */
function ProviderNotice({ cardHint = true }: { cardHint?: boolean }) {
  const { config } = useBillingConfig();
  return (
    <div className="grid gap-2">
      {config?.provider === 'sandbox' && <SandboxNotice />}
      {cardHint && (
        <p className="text-xs text-muted">Test card: 4242 4242 4242 4242, any future expiry date and any CVC.</p>
      )}
    </div>
  );
}

/** Checkout pages need a signed-in reader; others go to /auth. */
function RequireLogin({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageLoading />;
  if (auth.status === 'unauthenticated') return <Navigate to={paths.auth} replace />;
  return <>{children}</>;
}

function openCheckout(url: string) {
  // A new tab, as the spec says; noopener so the provider's page cannot reach back into ours.
  window.open(url, '_blank', 'noopener');
}

function checkoutToast(e: unknown) {
  toast({
    title: billingMessages.checkoutError,
    description: billingErrorText(e, billingMessages.checkoutFailed),
    variant: 'destructive',
  });
}

function PriceLine() {
  return (
    <p className="font-serif text-3xl font-semibold">
      {PREMIUM_PRICE_LABEL.replace('/month', '')}
      <span className="text-base font-normal text-muted">/month</span>
    </p>
  );
}

/** /simple-subscribe (development): Subscribe Now activates at once (POST /api/activate-subscription). */
export function SimpleSubscribePage() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const subscribe = async () => {
    setPending(true);
    try {
      await activateSubscription();
    } catch (e) {
      console.error(billingMessages.failedToActivate, e);
      toast({
        title: billingMessages.activationTitle,
        description: billingErrorText(e, billingMessages.activationCouldNot),
        variant: 'destructive',
      });
      setPending(false);
      return;
    }
    invalidateTrialStatus();
    await refreshAuth();
    setDone(true);
    toast({ title: 'Subscription Activated!', description: 'Welcome to Premium.' });
    timer.current = window.setTimeout(() => navigate('/'), SIMPLE_SUBSCRIBE_REDIRECT_MS);
  };
  return (
    <RequireLogin>
      <PageShell title="Subscribe to Premium" width="max-w-xl">
        <Card title="Premium Membership" description="Development version: activates your subscription at once.">
          <PriceLine />
          <div className="mt-4">
            <ProviderNotice cardHint={false} />
          </div>
          {done ? (
            <p role="status" className="mt-5 font-medium">
              Subscription activated. Returning home...
            </p>
          ) : (
            <Button size="lg" className="mt-5" disabled={pending} onClick={() => void subscribe()}>
              <CrownIcon width={16} height={16} /> {pending ? 'Processing...' : 'Subscribe Now'}
            </Button>
          )}
        </Card>
      </PageShell>
    </RequireLogin>
  );
}

/** /subscribe?productId=...: checkout with the provider in a new tab, unless already subscribed. */
export function SubscribePage() {
  const [params] = useSearchParams();
  const productId = params.get('productId') ?? params.get('product') ?? 'premium';
  const auth = useAuth();
  const [pending, setPending] = useState(false);
  const subscribed = userAccess(auth.user)?.premium;
  const checkout = async () => {
    setPending(true);
    try {
      openCheckout((await stripeCheckout(productId)).url);
    } catch (e) {
      checkoutToast(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <RequireLogin>
      <PageShell title="Subscribe" width="max-w-xl">
        {subscribed ? (
          <Notice title="Already Subscribed">
            <p>You already have an active Premium subscription.</p>
            <ButtonLink to={paths.home} className="mt-4">
              Go to Bible Reader
            </ButtonLink>
          </Notice>
        ) : (
          <Card title="Premium Membership">
            <PriceLine />
            <div className="mt-4">
              <ProviderNotice />
            </div>
            <Button size="lg" className="mt-5" disabled={pending} onClick={() => void checkout()}>
              {pending ? 'Processing...' : 'Checkout with Stripe'}
            </Button>
          </Card>
        )}
      </PageShell>
    </RequireLogin>
  );
}

type Activation =
  | { state: 'missing' }
  | { state: 'activating' }
  | { state: 'done'; testMode: boolean }
  | { state: 'error'; message: string };

/** /subscription-success?session_id=...: activates the subscription after checkout. */
export function SubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const testMode = params.get('test_mode') === 'true';
  const [activation, setActivation] = useState<Activation>(sessionId ? { state: 'activating' } : { state: 'missing' });
  const started = useRef(false);

  useEffect(() => {
    if (!sessionId || testMode || started.current) return;
    started.current = true;
    subscriptionSuccess(sessionId).then(
      async () => {
        invalidateTrialStatus();
        await refreshAuth();
        setActivation({ state: 'done', testMode: false });
      },
      (e: unknown) => {
        console.error(billingMessages.failedToActivate, e);
        setActivation({ state: 'error', message: billingErrorText(e, billingMessages.activationFailed) });
      },
    );
  }, [sessionId, testMode]);

  if (testMode && sessionId)
    return <Navigate replace to={`${paths.testSubscriptionSuccess}?session_id=${encodeURIComponent(sessionId)}`} />;

  return (
    <PageShell title="Subscription" width="max-w-xl">
      {activation.state === 'missing' ? (
        <Notice title={billingMessages.missingSession} tone="danger">
          <p>This page needs the checkout session it came from.</p>
          <ButtonLink to="/" className="mt-4">
            Go to Bible Reader
          </ButtonLink>
        </Notice>
      ) : activation.state === 'activating' ? (
        <Card title="Activating Your Subscription">
          <p role="status" className="text-muted">
            Please wait while we confirm your payment...
          </p>
        </Card>
      ) : activation.state === 'done' ? (
        <Card title="Subscription Activated!">
          <p className="flex items-center gap-2">
            <CheckIcon width={18} height={18} className="text-accent" aria-hidden="true" /> Welcome to Premium.
          </p>
          {activation.testMode && <p className="mt-2 text-sm text-muted">Test Mode: no real charges were made.</p>}
          <ButtonLink to="/" className="mt-5">
            Start Reading
          </ButtonLink>
        </Card>
      ) : (
        <ActivationError message={activation.message} />
      )}
    </PageShell>
  );
}

/**
 * /test-subscription-success: the session id from the query, or the one /stripe-test stored (then
 * removed), or 'None'. Test Mode, no real charges. The sandbox has no hosted checkout, so a signed-in
 * reader's session is activated here (the spec sends test-mode sessions here, not to the success page).
 */
export function TestSubscriptionSuccessPage() {
  const [params] = useSearchParams();
  const auth = useAuth();
  const [sessionId] = useState(() => {
    const fromQuery = params.get('session_id');
    if (fromQuery) return fromQuery;
    try {
      const stored = localStorage.getItem(TEST_SESSION_KEY);
      if (stored) localStorage.removeItem(TEST_SESSION_KEY);
      return stored;
    } catch {
      return null;
    }
  });
  const [activation, setActivation] = useState<Activation | null>(null);
  const started = useRef(false);
  const signedIn = auth.status === 'authenticated';
  useEffect(() => {
    if (!sessionId || !signedIn || started.current) return;
    started.current = true;
    setActivation({ state: 'activating' });
    subscriptionSuccess(sessionId).then(
      async () => {
        invalidateTrialStatus();
        await refreshAuth();
        setActivation({ state: 'done', testMode: true });
      },
      (e: unknown) => {
        console.error(billingMessages.failedToActivate, e);
        setActivation({ state: 'error', message: billingErrorText(e, billingMessages.activationFailed) });
      },
    );
  }, [sessionId, signedIn]);

  return (
    <PageShell title="Test Subscription Successful" width="max-w-xl">
      <Card title="Test Mode" description="This was a test checkout: no real charges were made.">
        <p className="text-sm">
          Session ID: <code className="break-all rounded bg-raised px-1.5 py-0.5">{sessionId || 'None'}</code>
        </p>
        {activation?.state === 'activating' && (
          <p role="status" className="mt-3 text-sm text-muted">
            Activating Your Subscription
          </p>
        )}
        {activation?.state === 'done' && <p className="mt-3 font-medium">Subscription Activated!</p>}
        {activation?.state === 'error' && (
          <div className="mt-3">
            <ActivationError message={activation.message} />
          </div>
        )}
        <ButtonLink to="/" className="mt-5">
          Back to Home
        </ButtonLink>
      </Card>
    </PageShell>
  );
}

/** /stripe-test: the minimal test checkout in a new tab; its session id is kept for the test success page. */
export function StripeTestPage() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const res = await minimalStripeTest();
      if (res.sessionId) {
        try {
          localStorage.setItem(TEST_SESSION_KEY, res.sessionId);
        } catch {
          /* storage unavailable: the success page shows the id from its query instead */
        }
      }
      openCheckout(res.url);
    } catch (e) {
      checkoutToast(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <PageShell title="Stripe Test" width="max-w-xl">
      <Card title="Test checkout" description={`A minimal checkout at ${PREMIUM_PRICE_LABEL}, in a new tab.`}>
        <ProviderNotice />
        <Button className="mt-5" disabled={pending} onClick={() => void run()}>
          {pending ? 'Processing...' : 'Open Test Checkout'}
        </Button>
      </Card>
    </PageShell>
  );
}

/** /real-stripe-checkout: the real checkout in a new tab; a failure shows the server's raw text. */
export function RealStripeCheckoutPage() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setPending(true);
    setError(null);
    try {
      openCheckout((await realStripeCheckout()).url);
    } catch (e) {
      setError(rawErrorText(e, billingMessages.checkoutFailed));
      checkoutToast(e);
    } finally {
      setPending(false);
    }
  };
  return (
    <PageShell title="Checkout" width="max-w-xl">
      <Card
        title="Premium Membership"
        description="Free-text questions, context-specific suggestions and personalized study help."
      >
        <PriceLine />
        <div className="mt-4">
          <ProviderNotice />
        </div>
        <Button size="lg" className="mt-5" disabled={pending} onClick={() => void run()}>
          <CrownIcon width={16} height={16} /> {pending ? 'Processing...' : 'Checkout with Stripe'}
        </Button>
        {error && (
          <pre role="alert" className="mt-4 whitespace-pre-wrap break-words rounded-lg bg-danger-soft p-3 text-sm">
            {error}
          </pre>
        )}
      </Card>
    </PageShell>
  );
}

/** The spec's activation failure: the message, Try Again (simple subscribe) and the way back to reading. */
function ActivationError({ message }: { message: string }) {
  return (
    <Notice title="Activation Error" tone="danger">
      <p>{message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <ButtonLink to={paths.simpleSubscribe}>Try Again</ButtonLink>
        <ButtonLink to={paths.home} variant="outline">
          Go to Bible Reader
        </ButtonLink>
      </div>
    </Notice>
  );
}
