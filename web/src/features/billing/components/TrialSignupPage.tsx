import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '@lectio/contracts/constants';
import { FormField, useAccountForm } from '../../../components/FormField';
import { SubmitButton } from '../../../components/FormSubmit';
import { BookIcon, CheckIcon, CrownIcon } from '../../../components/icons';
import { PageLoading } from '../../../components/ProtectedRoute';
import { toast } from '../../../components/toast';
import { Button, ButtonLink } from '../../../components/ui';
import { failureText } from '../../../lib/apiErrors';
import { NewPasswordFields, validateRegister, type RegisterField } from '../../accounts';
import { userAccess } from '../../../lib/access';
import { refreshAuth, useAuth } from '../../../lib/auth';
import {
  addPaymentMethod,
  createSetupIntent,
  registerCheck,
  registerWithPayment,
  trialSetupIntent,
  type RegistrationData,
} from '../api/billing';
import { invalidateTrialStatus, useTrialStatus } from '../hooks/useTrialStatus';
import { billingErrorText } from '../state/errors';
import { billingMessages } from '../state/messages';
import { startTrialNow } from './startTrial';
import { CardForm } from './CardForm';
import { paths } from '../../../lib/paths';

/** Spec: 'Setup Complete!', then /home after 500 ms with 'Sample Questions Available' for 6 s. */
const REDIRECT_DELAY_MS = 500;
const SAMPLE_TOAST_MS = 6000;

/** Step 2's flows: signing up (the account with the card), a trial reader's missing card, a signed-in reader starting the trial (the card, then the trial). */
type Stage =
  | { step: 1 }
  | { step: 2; flow: 'signup'; clientSecret: string; userData: RegistrationData }
  | { step: 2; flow: 'signed-in' | 'start'; clientSecret: string | null };

/**
 * /trial: step 1 (the account) and step 2 (the card). Signed out, the account is created only once
 * the card is saved (register-with-payment). A signed-in trial reader without a card is sent here
 * by the protected routes and sees step 2 alone; a signed-in reader without a trial can start one:
 * the card first, then the trial (the server starts none without a card).
 */
export default function TrialSignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ step: 1 });
  const finishing = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const user = auth.status === 'authenticated' ? auth.user : null;
  // A reader whose trial is used up is offered the subscription, not a second trial.
  const trial = useTrialStatus(user && user.subscriptionStatus === 'inactive' ? `${user.username}:inactive` : null);
  const needsCard = userAccess(user)?.mustAddCard ?? false;
  const [starting, setStarting] = useState(false);
  const cardFlow = needsCard ? 'signed-in' : starting ? 'start' : null;

  // A trial reader without a card, or a reader starting the trial: step 2, with a setup intent for the signed-in reader.
  const [setupFailed, setSetupFailed] = useState(false);
  const [setupAttempt, setSetupAttempt] = useState(0);
  useEffect(() => {
    if (!cardFlow || finishing.current || (stage.step === 2 && stage.clientSecret)) return;
    setSetupFailed(false);
    setStage({ step: 2, flow: cardFlow, clientSecret: null });
    let live = true;
    createSetupIntent().then(
      (clientSecret) => live && setStage({ step: 2, flow: cardFlow, clientSecret }),
      (e: unknown) => {
        console.error(billingMessages.setupIntentFailed, e);
        if (!live) return;
        setSetupFailed(true);
        toast({
          title: billingMessages.paymentSetupUnavailable,
          description: billingMessages.paymentSetupUnavailableText,
          variant: 'destructive',
        });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per attempt, not on every stage change
  }, [cardFlow, setupAttempt]);

  const finish = async () => {
    finishing.current = true;
    invalidateTrialStatus();
    await refreshAuth();
    toast({ title: billingMessages.setupComplete, description: billingMessages.setupCompleteText });
    timer.current = window.setTimeout(() => {
      navigate(paths.home);
      toast({
        title: billingMessages.sampleQuestions,
        description: billingMessages.sampleQuestionsText,
        duration: SAMPLE_TOAST_MS,
      });
    }, REDIRECT_DELAY_MS);
  };

  const onCard = async (paymentMethodId: string): Promise<string | void> => {
    if (stage.step !== 2) return;
    if (stage.flow === 'signup') {
      try {
        await registerWithPayment(stage.userData, paymentMethodId);
      } catch (e) {
        const message = failureText(e, billingMessages.registrationFailed);
        toast({ title: billingMessages.registrationFailed, description: message, variant: 'destructive' });
        return message;
      }
    } else {
      try {
        await addPaymentMethod(paymentMethodId);
      } catch (e) {
        const message = billingErrorText(e, billingMessages.confirmPaymentFailed);
        toast({ title: billingMessages.paymentSetupFailed, description: message, variant: 'destructive' });
        return message;
      }
      // The card is saved: now the trial starts on it.
      if (stage.flow === 'start') {
        const refused = await startTrialNow();
        if (refused !== null) return refused;
      }
    }
    await finish();
  };

  let content: ReactNode;
  if (auth.status === 'loading') content = <PageLoading />;
  else if (stage.step === 2 || finishing.current) {
    content = (
      <Panel
        title="Add Payment Method"
        subtitle={
          stage.step === 2 && stage.flow === 'start'
            ? `Your ${TRIAL_DAYS}-day free trial starts once your card is saved.`
            : `Your ${TRIAL_DAYS}-day free trial has started!`
        }
        step={2}
      >
        {setupFailed && stage.step === 2 && !stage.clientSecret ? (
          <div role="alert" className="grid gap-3 text-sm">
            <p className="font-medium text-danger">{billingMessages.paymentSetupUnavailableText}</p>
            <Button variant="outline" onClick={() => setSetupAttempt((n) => n + 1)}>
              Try Again
            </Button>
          </div>
        ) : (
          <CardForm
            label="Add Payment Method"
            clientSecret={stage.step === 2 ? stage.clientSecret : null}
            submitLabel="Save Payment Method"
            onConfirmed={(card) => onCard(card.paymentMethodId)}
            footer={<p className="text-center text-xs text-muted">{billingMessages.trialFooter}</p>}
          >
            <p className="rounded-lg bg-accent-soft px-3 py-2 text-sm">
              <strong>No charge during trial:</strong> {billingMessages.noChargeDuringTrial}
            </p>
          </CardForm>
        )}
      </Panel>
    );
  } else if (user && !needsCard) {
    content =
      user.subscriptionStatus === 'inactive' && trial?.status !== 'expired' ? (
        <StartTrialCard onStart={() => setStarting(true)} />
      ) : user.subscriptionStatus === 'inactive' ? (
        <Panel
          title="Your free trial has ended"
          subtitle={`Subscribe to Premium for ${PREMIUM_PRICE_LABEL} to keep asking your own questions.`}
        >
          <ButtonLink to={paths.realStripeCheckout} className="w-full justify-center">
            <CrownIcon width={16} height={16} /> Subscribe Now
          </ButtonLink>
        </Panel>
      ) : (
        <Panel title="You're all set" subtitle="Your account already has a trial or a subscription.">
          <ButtonLink to={paths.home} className="w-full justify-center">
            <BookIcon width={16} height={16} /> Go to Bible Reader
          </ButtonLink>
        </Panel>
      );
  } else
    content = (
      <AccountStep onDone={(userData, clientSecret) => setStage({ step: 2, flow: 'signup', clientSecret, userData })} />
    );

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-page/90">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-5">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md font-serif text-xl font-semibold tracking-tight text-ink"
          >
            <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-accent text-accent-ink">
              <BookIcon width={18} height={18} />
            </span>
            Lectio
          </Link>
        </div>
      </header>
      <main
        id="main"
        className="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-5 py-10 lg:grid-cols-[minmax(0,28rem)_1fr] lg:items-start lg:gap-14"
      >
        <div className="w-full">{content}</div>
        <Benefits />
      </main>
    </div>
  );
}

function Panel({
  title,
  subtitle,
  step,
  children,
}: {
  title: string;
  subtitle?: string;
  step?: 1 | 2;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="trial-step-title" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      {step && <p className="text-xs font-semibold uppercase tracking-wide text-accent">Step {step} of 2</p>}
      <h1 id="trial-step-title" className="mt-1 font-serif text-2xl font-semibold">
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** Step 1: the account. The server checks the username and e-mail before any card is asked for. */
function AccountStep({ onDone }: { onDone: (userData: RegistrationData, clientSecret: string) => void }) {
  const form = useAccountForm<RegisterField>(
    { username: '', email: '', password: '', confirmPassword: '' },
    validateRegister,
  );
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending || !form.check()) return;
    setPending(true);
    const userData = { ...form.values, username: form.values.username.trim(), email: form.values.email.trim() };
    try {
      await registerCheck(userData.username, userData.email);
    } catch (err) {
      toast({
        title: billingMessages.registerCheckFailed,
        description: failureText(err, billingMessages.validationFailed),
        variant: 'destructive',
      });
      setPending(false);
      return;
    }
    let clientSecret: string;
    try {
      clientSecret = await trialSetupIntent();
    } catch (err) {
      console.error(
        err instanceof Error && err.message === billingMessages.invalidSetupIntent
          ? billingMessages.invalidSetupIntent
          : billingMessages.trialSetupIntentFailed,
        err,
      );
      toast({
        title: billingMessages.paymentSetupUnavailable,
        description: billingMessages.paymentSetupUnavailableText,
        variant: 'destructive',
      });
      setPending(false);
      return;
    }
    onDone(userData, clientSecret);
  };

  return (
    <Panel
      title={`Start Your ${TRIAL_DAYS}-Day Free Trial`}
      subtitle="Create your account, then add a card. You won't be charged during the trial."
      step={1}
    >
      <form noValidate aria-label="Create your account" onSubmit={(e) => void submit(e)} className="grid gap-4">
        <FormField label="Username" autoComplete="username" maxLength={50} {...form.field('username')} />
        <FormField label="Email" type="email" autoComplete="email" maxLength={254} {...form.field('email')} />
        <NewPasswordFields field={form.field} hint="Password must be at least 8 characters long" />
        <SubmitButton pending={pending} idle={`Start My Free ${TRIAL_DAYS} Days`} busy="Processing..." />
        <p className="text-xs text-muted">
          By starting your trial you agree to our terms of service and acknowledge our privacy policy.
        </p>
        <p className="text-center text-sm">
          <Link to={paths.auth} className="font-medium text-accent underline-offset-2 hover:underline">
            Already have an account? Sign in
          </Link>
        </p>
      </form>
    </Panel>
  );
}

/** A signed-in reader who never had a trial: the card first (step 2), then the trial starts on it. */
function StartTrialCard({ onStart }: { onStart: () => void }) {
  return (
    <Panel
      title={`Start Your ${TRIAL_DAYS}-Day Free Trial`}
      subtitle="Sample questions with expert answers, free for 14 days."
    >
      <Button size="lg" className="w-full justify-center" onClick={onStart}>
        {`Start My Free ${TRIAL_DAYS} Days`}
      </Button>
    </Panel>
  );
}

const TRIAL_BENEFITS = [
  'Sample questions with expert answers on every passage',
  'A clean, distraction-free reading interface',
  'Cancel any time during the trial: no charge',
];
const PREMIUM_BENEFITS = [
  'Ask your own questions about any passage',
  'Context-specific suggestions',
  'Personalized study help for your faith journey',
];

function Benefits() {
  return (
    <aside aria-label="What you get" className="grid gap-6 rounded-2xl bg-raised p-6 lg:p-8">
      <BenefitList title="During your free trial" items={TRIAL_BENEFITS} />
      <BenefitList title="Premium" items={PREMIUM_BENEFITS} icon />
      <p className="rounded-lg border border-line bg-surface px-3 py-2 text-sm">{billingMessages.autoSubscribe}</p>
      <p className="text-sm text-muted">
        Premium is {PREMIUM_PRICE_LABEL}, with a monthly AI budget for about 240 questions.
      </p>
    </aside>
  );
}

function BenefitList({ title, items, icon }: { title: string; items: string[]; icon?: boolean }) {
  return (
    <div>
      <h2 className="flex items-center gap-2 font-serif text-lg font-semibold">
        {icon && <CrownIcon width={18} height={18} />} {title}
      </h2>
      <ul className="mt-3 grid gap-2 text-sm">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <CheckIcon width={16} height={16} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" /> {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
