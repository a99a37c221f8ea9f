import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { MONTHLY_BUDGET_DOLLARS, PREMIUM_PRICE_LABEL, QUESTIONS_PER_MONTH_ESTIMATE } from '@lectio/contracts/constants';
import { Header } from '../components/Header';
import { ChevronLeft, CrownIcon, SettingsIcon } from '../components/icons';
import { toast } from '../components/toast';
import { Button, ButtonLink } from '../components/ui';
import { postJson } from '../lib/api';
import { failureText, PASSWORD_MAX, validateChangePassword } from '../lib/accountForms';
import { FormField, useAccountForm } from '../components/FormField';
import { SubmitButton, useFormSubmit } from '../components/FormSubmit';
import { formatLongDate, nextBillingDate, statusLabel } from '../lib/accountDisplay';
import { refreshAuth, useUser, type User } from '../lib/auth';

const budgetLabel = `$${MONTHLY_BUDGET_DOLLARS.toFixed(2)}`;

export default function AccountPage() {
  const user = useUser();
  // The header and the guard already know the user; fetch once more for fresh subscription facts.
  useEffect(() => {
    void refreshAuth();
  }, []);
  if (!user) return null; // the protected route sends signed-out visitors to /auth

  return (
    <>
      <Header />
      <main id="main" className="mx-auto w-full max-w-3xl px-5 py-10">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span aria-hidden="true" className="grid size-10 place-items-center rounded-xl bg-accent-soft text-accent">
              <SettingsIcon />
            </span>
            <h1 className="font-serif text-3xl font-semibold tracking-tight">Account Settings</h1>
          </div>
          <ButtonLink to="/" variant="outline" size="sm">
            <ChevronLeft width={16} height={16} /> Back to Bible Reader
          </ButtonLink>
        </div>

        <Tabs defaultSelectedKey="profile">
          <TabList aria-label="Account sections" className="inline-grid grid-cols-2 gap-1 rounded-xl bg-raised p-1">
            <AccountTab id="profile">Profile</AccountTab>
            <AccountTab id="subscription">Subscription</AccountTab>
          </TabList>
          <TabPanel id="profile" className="mt-4 grid gap-4 outline-none">
            <ProfileSection user={user} />
            <ChangePasswordSection />
            <OtherDevicesSection />
          </TabPanel>
          <TabPanel id="subscription" className="mt-4 outline-none">
            <SubscriptionSection user={user} />
          </TabPanel>
        </Tabs>
      </main>
    </>
  );
}

function AccountTab({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Tab
      id={id}
      className="cursor-default rounded-lg px-5 py-2 text-center text-sm font-medium text-muted outline-none transition-colors data-[hovered]:text-ink data-[selected]:bg-surface data-[selected]:text-ink data-[selected]:shadow-sm data-[focus-visible]:outline-2 data-[focus-visible]:outline-accent"
    >
      {children}
    </Tab>
  );
}

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h2 className="font-serif text-xl font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  return (
    <dl className="divide-y divide-line">
      {items.map(([term, value]) => (
        <div key={term} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[12rem_1fr]">
          <dt className="text-sm text-muted">{term}</dt>
          <dd className="break-words font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'active'
      ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100'
      : status === 'trial'
        ? 'bg-accent-soft text-ink'
        : status === 'past_due'
          ? 'bg-danger-soft text-ink'
          : 'bg-raised text-ink';
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-sm font-medium ${tone}`}>{statusLabel(status)}</span>;
}

function ProfileSection({ user }: { user: User }) {
  return (
    <Card title="Profile" description="Your account details.">
      <Facts
        items={[
          ['Username', user.username],
          ['Email', user.email],
          ['Joined', formatLongDate(user.createdAt)],
          ['Subscription status', <StatusBadge key="s" status={user.subscriptionStatus} />],
        ]}
      />
    </Card>
  );
}

/** Changing the password signs out every other device; this browser stays signed in. */
function ChangePasswordSection() {
  const form = useAccountForm({ currentPassword: '', password: '', confirmPassword: '' }, validateChangePassword);
  const { pending, submit, done } = useFormSubmit(
    form,
    (v) => postJson('/api/change-password', { currentPassword: v.currentPassword, password: v.password, confirmPassword: v.confirmPassword }),
    { success: 'Password changed', successDescription: 'Other devices have been signed out.', failure: 'Password change failed' },
    () => {
      form.reset();
      done();
    },
  );
  return (
    <Card title="Change password" description="Changing your password signs you out on every other device.">
      <form noValidate onSubmit={submit} className="grid max-w-md gap-4" aria-label="Change password">
        <FormField label="Current Password" type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} {...form.field('currentPassword')} />
        <FormField label="New Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} hint="At least 8 characters" {...form.field('password')} />
        <FormField label="Confirm New Password" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...form.field('confirmPassword')} />
        <SubmitButton pending={pending} idle="Change Password" busy="Changing Password..." className="justify-self-start" />
      </form>
    </Card>
  );
}

/** For a shared or lost device: end every session but this one. */
function OtherDevicesSection() {
  const [pending, setPending] = useState(false);
  const signOutOthers = async () => {
    setPending(true);
    try {
      const { message } = await postJson<{ message: string }>('/api/logout-others');
      toast({ title: 'Other devices signed out', description: message });
    } catch (err) {
      toast({ title: 'Sign-out failed', description: failureText(err, 'Could not sign out other devices'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <Card title="Devices" description="Signed in on a shared or lost device? Sign out everywhere except here.">
      <Button variant="outline" onClick={signOutOthers} disabled={pending}>
        {pending ? 'Signing out...' : 'Sign Out Other Devices'}
      </Button>
    </Card>
  );
}

function SubscriptionSection({ user }: { user: User }) {
  const status = user.subscriptionStatus;
  const cancelled = status === 'canceled' || status === 'cancelled';

  const plan: Array<[string, ReactNode]> = [
    ['Plan', 'Premium Membership'],
    ['Price', PREMIUM_PRICE_LABEL],
    ['Status', <StatusBadge key="s" status={status} />],
  ];
  if (status === 'active') {
    plan.push(['Next billing date', formatLongDate(nextBillingDate(user))]);
    plan.push(['Monthly AI budget', `${budgetLabel} (about ${QUESTIONS_PER_MONTH_ESTIMATE} questions)`]);
  }
  if (status === 'trial' && user.trialEndsAt) plan.push(['Trial ends', formatLongDate(user.trialEndsAt)]);
  if (cancelled && user.currentPeriodEnd) plan.push(['Access until', formatLongDate(user.currentPeriodEnd)]);

  return (
    <Card title="Subscription" description="Your plan and billing.">
      <Facts items={plan} />
      <div className="mt-6">
        {status === 'active' ? (
          <CancelSubscription />
        ) : cancelled ? (
          <Notice title="Subscription cancelled">
            <p>Your subscription has been cancelled. You will keep premium access until the end of your current billing period.</p>
            <ButtonLink to="/real-stripe-checkout" className="mt-4">
              <CrownIcon width={16} height={16} /> Renew Subscription
            </ButtonLink>
          </Notice>
        ) : status === 'trial' ? (
          <Notice title="Free trial">
            <p>You are on the free trial. Upgrade to Premium to ask your own questions about any passage.</p>
            <ButtonLink to="/immediate-upgrade/account" className="mt-4">
              <CrownIcon width={16} height={16} /> Upgrade Now
            </ButtonLink>
          </Notice>
        ) : status === 'past_due' ? (
          <Notice title="Payment past due">
            <p>Your last payment did not go through. Update your payment method to keep premium access.</p>
            <ButtonLink to="/manage-subscription" className="mt-4">
              Manage Subscription
            </ButtonLink>
          </Notice>
        ) : (
          <Notice title="No Active Subscription">
            <p>Subscribe to Premium for {PREMIUM_PRICE_LABEL} to ask your own questions about any passage and get personalized study help.</p>
            <ButtonLink to="/real-stripe-checkout" className="mt-4">
              <CrownIcon width={16} height={16} /> Subscribe Now
            </ButtonLink>
          </Notice>
        )}
      </div>
    </Card>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border border-line bg-raised p-4 text-sm">
      <h3 className="mb-1 text-base font-semibold">{title}</h3>
      {children}
    </div>
  );
}

/** Cancel with a second confirmation (spec section 5). The call itself belongs to billing. */
function CancelSubscription() {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (wasConfirming.current) cancelRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const confirm = async () => {
    setPending(true);
    try {
      await postJson('/api/cancel-subscription');
      toast({ title: 'Subscription cancelled', description: 'You will keep premium access until the end of your current billing period.' });
      await refreshAuth();
    } catch (err) {
      console.error('Failed to cancel subscription', err);
      toast({ title: 'Cancellation Failed', description: failureText(err, 'Failed to cancel subscription'), variant: 'destructive' });
      setPending(false);
      setConfirming(false);
    }
  };

  if (!confirming)
    return (
      <Button ref={cancelRef} variant="outline" onClick={() => setConfirming(true)}>
        Cancel Subscription
      </Button>
    );

  return (
    <div role="group" aria-labelledby="cancel-confirm-title" className="rounded-xl border border-danger bg-danger-soft p-4 text-sm">
      <h3 id="cancel-confirm-title" className="text-base font-semibold">
        Cancel your subscription?
      </h3>
      <p className="mt-1">You will keep premium access until the end of your current billing period. After that, your account returns to the free plan.</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="danger" disabled={pending} onClick={() => void confirm()}>
          {pending ? 'Cancelling...' : 'Confirm Cancellation'}
        </Button>
        <Button ref={keepRef} variant="outline" disabled={pending} onClick={() => setConfirming(false)}>
          Keep Subscription
        </Button>
      </div>
    </div>
  );
}
