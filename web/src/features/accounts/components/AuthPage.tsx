import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Brand } from '../../../components/Header';
import { LazyThemeMenu } from '../../../components/LazyMenus';
import { Tab, TabList, TabPanel, Tabs, type Key } from '../../../components/Tabs';
import { FormField, useAccountForm } from '../../../components/FormField';
import { SubmitButton, useFormSubmit } from '../../../components/FormSubmit';
import { BookIcon, ChatIcon, ChevronLeft, SparkleIcon } from '../../../components/icons';
import { toast } from '../../../components/toast';
import { Button, ButtonLink } from '../../../components/ui';
import { accountMessages } from '@lectio/contracts/user';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/apiErrors';
import { register, requestSignInLink, resetPassword, signIn, signInWithLink } from '../api/account';
import { emailError, PASSWORD_MAX, validateLogin, validateRegister, validateReset } from '../state/accountForms';
import { refreshAuth, useAuth, type User } from '../../../lib/auth';
import { NewPasswordFields } from './NewPasswordFields';
import { EmailRequestFields } from './EmailRequestFields';
import { paths } from '../../../lib/paths';

// The reset dialog (react-aria's overlay code) is fetched when the reader asks for it, not with the page.
const ForgotPasswordDialog = lazy(() => import('./ForgotPasswordDialog'));

/** Spec: after login or registration the session is re-checked and /home follows after 500 ms. */
const REDIRECT_DELAY_MS = 500;
/** Spec: the premium hint for users without a provider subscription id. */
const PREMIUM_TOAST_DELAY_MS = { login: 5000, register: 6000 } as const;

type AuthTab = 'login' | 'register';
const tabFrom = (value: string | null): AuthTab => (value === 'register' ? 'register' : 'login');

/**
 * Not tied to the page: the hint shows on /home, after the page has gone. At most one toast is
 * visible, so it replaces whatever is showing by then.
 */
function schedulePremiumToast(delay: number) {
  window.setTimeout(() => {
    toast({
      title: 'Premium Features Available',
      description: 'Upgrade to Premium to ask your own questions about any passage and get personalized study help.',
    });
  }, delay);
}

export default function AuthPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // The reset view is decided on load and ends after a successful reset (or 'Back to Login').
  const [resetToken, setResetToken] = useState(() => params.get('token'));
  // A mailed sign-in link (?signin=...): offered on load, used only when the reader confirms.
  const [signInToken, setSignInToken] = useState(() => params.get('signin'));
  const [tab, setTab] = useState<AuthTab>(() => tabFrom(params.get('tab')));
  const [forgotOpen, setForgotOpen] = useState(false);
  const signingIn = useRef(false);
  const redirectTimer = useRef<number | undefined>(undefined);

  const tabParam = params.get('tab');
  useEffect(() => setTab(tabFrom(tabParam)), [tabParam]);
  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const onSignedIn = async (user: User, kind: AuthTab) => {
    signingIn.current = true;
    await refreshAuth();
    redirectTimer.current = window.setTimeout(() => navigate(paths.home), REDIRECT_DELAY_MS);
    if (!user?.stripeSubscriptionId) schedulePremiumToast(PREMIUM_TOAST_DELAY_MS[kind]);
  };

  const selectTab = (key: Key) => {
    const next = tabFrom(String(key));
    setTab(next);
    setParams(next === 'register' ? { tab: 'register' } : {}, { replace: true });
  };

  const endReset = (replace: boolean) => {
    setResetToken(null);
    setTab('login');
    navigate(paths.auth, { replace });
  };

  const endSignInLink = () => {
    setSignInToken(null);
    setTab('login');
    navigate(paths.auth, { replace: true });
  };

  // Someone already signed in has nothing to do here (unless they follow a reset link).
  if (auth.status === 'authenticated' && !auth.offline && !resetToken && !signInToken && !signingIn.current)
    return <Navigate to={paths.home} replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <AuthHeader />
      <main id="main" className="grid flex-1 lg:grid-cols-2">
        <section className="flex items-start justify-center px-5 py-10 sm:items-center sm:py-14">
          <div className="w-full max-w-md">
            {resetToken ? (
              <ResetPasswordForm token={resetToken} onDone={() => endReset(true)} onBack={() => endReset(false)} />
            ) : signInToken ? (
              <SignInWithLink token={signInToken} onSignedIn={(u) => onSignedIn(u, 'login')} onBack={endSignInLink} />
            ) : (
              <>
                <div className="mb-6">
                  <h1 className="font-serif text-3xl font-semibold tracking-tight">Welcome to Lectio</h1>
                  <p className="mt-2 text-muted">
                    Sign in to continue your study, or create an account to get started.
                  </p>
                </div>
                <Tabs selectedKey={tab} onSelectionChange={selectTab}>
                  <TabList aria-label="Sign in or create an account">
                    <Tab id="login">Login</Tab>
                    <Tab id="register">Register</Tab>
                  </TabList>
                  <TabPanel id="login" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
                    <LoginForm onSignedIn={(u) => onSignedIn(u, 'login')} onForgot={() => setForgotOpen(true)} />
                  </TabPanel>
                  <TabPanel id="register" className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
                    <RegisterForm onSignedIn={(u) => onSignedIn(u, 'register')} />
                  </TabPanel>
                </Tabs>
              </>
            )}
          </div>
        </section>
        <MarketingPanel />
      </main>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog isOpen onOpenChange={setForgotOpen} />
        </Suspense>
      )}
    </div>
  );
}

function AuthHeader() {
  return (
    <header className="border-b border-line bg-page/90">
      <div className="mx-auto flex h-14 items-center gap-2 px-3 sm:px-5">
        <Brand />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LazyThemeMenu />
          <ButtonLink to={paths.landingAlias} variant="ghost" size="sm">
            <ChevronLeft width={16} height={16} /> Back to Home
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}

function LoginForm({ onSignedIn, onForgot }: { onSignedIn: (user: User) => Promise<void>; onForgot: () => void }) {
  const form = useAccountForm({ email: '', password: '' }, validateLogin);
  // A 429: others' wrong passwords (or ours) hold password sign-in back here; a mailed link is the way in.
  const [heldBack, setHeldBack] = useState(false);
  const { pending, submit } = useFormSubmit(
    form,
    (v) => signIn({ email: v.email.trim(), password: v.password }),
    { success: 'Login successful', successDescription: 'Welcome back!', failure: 'Login failed' },
    onSignedIn,
    (err) => {
      if (err instanceof ApiError && err.status === 429) setHeldBack(true);
    },
  );

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Login">
        <FormField
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@example.com"
          maxLength={254}
          {...form.field('email')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          {...form.field('password')}
          labelAside={
            <button
              type="button"
              onClick={onForgot}
              className="rounded text-sm font-medium text-accent underline-offset-4 hover:underline"
            >
              Forgot password?
            </button>
          }
        />
        <SubmitButton pending={pending} idle="Login" busy="Logging in..." />
      </form>
      <SignInLinkOffer email={form.values.email} heldBack={heldBack} />
    </div>
  );
}

/**
 * 'Email me a sign-in link': always on offer under the login form, and explained at once when a
 * sign-in was held back (429), since a new browser may wait for as long as someone keeps guessing.
 */
function SignInLinkOffer({ email, heldBack }: { email: string; heldBack: boolean }) {
  const [open, setOpen] = useState(false);
  if (open) return <SignInLinkForm initialEmail={email} onCancel={() => setOpen(false)} />;
  if (!heldBack) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="justify-self-center rounded text-sm font-medium text-accent underline-offset-4 hover:underline"
      >
        Email me a sign-in link instead
      </button>
    );
  }
  return (
    <div role="status" className="rounded-xl border border-line bg-page p-4 text-sm">
      <p className="font-semibold text-ink">Password sign-in is paused on this browser for now</p>
      <p className="mt-1 text-muted">
        There have been many sign-in attempts for this account, so a browser it has not used before waits between
        password tries. You can sign in right away with a link sent to your email address.
      </p>
      <Button className="mt-3 w-full justify-center" onClick={() => setOpen(true)}>
        Email me a sign-in link
      </Button>
    </div>
  );
}

function SignInLinkForm({ initialEmail, onCancel }: { initialEmail: string; onCancel: () => void }) {
  const form = useAccountForm({ email: initialEmail }, (v) => {
    const error = emailError(v.email);
    return error ? { email: error } : {};
  });
  const [sent, setSent] = useState(false);
  const { pending, submit, done } = useFormSubmit(
    form,
    (v) => requestSignInLink({ email: v.email.trim() }),
    {
      success: 'Sign-in link sent',
      successDescription: accountMessages.signInLinkRequested,
      failure: 'Sign-in link request failed',
    },
    () => {
      done();
      setSent(true);
    },
  );

  if (sent) {
    return (
      <div role="status" className="rounded-xl border border-line bg-page p-4 text-sm">
        <p className="font-semibold text-ink">Check your email</p>
        <p className="mt-1 text-muted">
          {accountMessages.signInLinkRequested}. Open it within 15 minutes in this browser; it works once. If it does
          not arrive, look in your spam folder.
        </p>
        <button
          type="button"
          onClick={() => setSent(false)}
          className="mt-2 rounded text-sm font-medium text-accent underline-offset-4 hover:underline"
        >
          Send another link
        </button>
      </div>
    );
  }
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Email me a sign-in link"
      className="grid gap-3 rounded-xl border border-line bg-page p-4"
    >
      <p className="text-sm text-muted">
        We will email you a link that signs you in without your password. It works once, for 15 minutes.
      </p>
      <EmailRequestFields
        label="Email for the sign-in link"
        field={form.field('email')}
        onCancel={onCancel}
        pending={pending}
        send="Email me a sign-in link"
      />
    </form>
  );
}

/** The page a mailed sign-in link opens: nothing happens until the reader confirms (mail scanners open links too). */
function SignInWithLink({
  token,
  onSignedIn,
  onBack,
}: {
  token: string;
  onSignedIn: (user: User) => Promise<void>;
  onBack: () => void;
}) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const use = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const user = await signInWithLink({ token });
      toast({ title: 'Login successful', description: 'Welcome back!' });
      await onSignedIn(user);
    } catch (err) {
      const message = failureText(err, 'Login failed');
      toast({ title: 'Login failed', description: message, variant: 'destructive' });
      setError(message);
      setPending(false);
    }
  };
  return (
    <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h1 className="font-serif text-2xl font-semibold tracking-tight">Sign in with your link</h1>
      <p className="mt-1 text-sm text-muted">
        This link from your email signs you in to Lectio on this browser. It works once.
      </p>
      <form noValidate onSubmit={use} className="mt-5 grid gap-4" aria-label="Sign in with your link">
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full justify-center" disabled={pending} autoFocus>
          {pending ? 'Logging in...' : 'Sign in'}
        </Button>
        <Button variant="outline" size="lg" className="w-full justify-center" onClick={onBack}>
          Back to Login
        </Button>
      </form>
    </div>
  );
}

function RegisterForm({ onSignedIn }: { onSignedIn: (user: User) => Promise<void> }) {
  const form = useAccountForm({ username: '', email: '', password: '', confirmPassword: '' }, validateRegister);
  const { pending, submit } = useFormSubmit(
    form,
    (v) =>
      register({
        username: v.username.trim(),
        email: v.email.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
      }),
    {
      success: 'Registration successful',
      successDescription: 'Your account has been created!',
      failure: 'Registration failed',
    },
    onSignedIn,
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Register">
      <FormField label="Username" autoComplete="username" maxLength={50} {...form.field('username')} />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        maxLength={254}
        {...form.field('email')}
      />
      <NewPasswordFields field={form.field} />
      <SubmitButton pending={pending} idle="Create Account" busy="Creating account..." />
    </form>
  );
}

function ResetPasswordForm({ token, onDone, onBack }: { token: string; onDone: () => void; onBack: () => void }) {
  const form = useAccountForm({ password: '', confirmPassword: '' }, validateReset);
  const { pending, submit } = useFormSubmit(
    form,
    // The confirmation is checked here and not sent.
    (v) => resetPassword({ token, password: v.password }),
    {
      success: 'Password reset successful',
      successDescription: 'Your password has been reset. You can now log in with your new password.',
      failure: 'Password reset failed',
    },
    onDone,
  );

  return (
    <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <h1 className="font-serif text-2xl font-semibold tracking-tight">Reset Password</h1>
      <p className="mt-1 text-sm text-muted">Choose a new password for your account.</p>
      <form noValidate onSubmit={submit} className="mt-5 grid gap-4" aria-label="Reset Password">
        <NewPasswordFields field={form.field} label="New Password" confirmLabel="Confirm New Password" autoFocus />
        <SubmitButton pending={pending} idle="Reset Password" busy="Resetting Password..." />
        <Button variant="outline" size="lg" className="w-full justify-center" onClick={onBack}>
          Back to Login
        </Button>
      </form>
    </div>
  );
}

const BENEFITS = [
  {
    Icon: ChatIcon,
    title: 'Ask about any passage',
    text: 'Highlight a verse and the Scripture Assistant explains its meaning, context and application.',
  },
  {
    Icon: SparkleIcon,
    title: 'Answers that fit your journey',
    text: 'Responses adapt to your faith journey and to the communication style you prefer.',
  },
  {
    Icon: BookIcon,
    title: 'A calm place to read',
    text: 'All 27 books of the New Testament in a clean, distraction-free reader that works offline.',
  },
];

/** The accent block in the light theme; in the dark theme a raised panel with accent details (a peach block glared beside the dark form). */
function MarketingPanel() {
  return (
    <aside
      aria-labelledby="benefits-heading"
      className="flex items-center bg-accent px-6 py-12 text-accent-ink sm:px-12 lg:py-16 dark:border-line dark:bg-raised dark:text-ink max-lg:dark:border-t lg:dark:border-l"
    >
      <div className="mx-auto max-w-md">
        <h2 id="benefits-heading" className="font-serif text-3xl font-semibold leading-tight">
          Enhanced Bible Study with AI
        </h2>
        <p className="mt-3 opacity-90">Read the New Testament with a study companion at your side.</p>
        <ul className="mt-8 grid gap-6">
          {BENEFITS.map(({ Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-full bg-accent-ink/15 dark:bg-accent-soft dark:text-accent"
              >
                <Icon width={20} height={20} />
              </span>
              <div>
                <p className="font-semibold">{title}</p>
                <p className="mt-0.5 text-sm opacity-90">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        {/* The link on its own line: inline after the sentence it wrapped with a crooked indent on phones. */}
        <div className="mt-10 grid justify-items-start gap-3 text-sm">
          <p className="opacity-90">
            New here? <span className="font-medium">Try Premium free for 14 days.</span>
          </p>
          <Link
            to={paths.trial}
            className="inline-flex h-8 items-center whitespace-nowrap rounded-lg border border-current px-3 font-medium hover:bg-accent-ink/10 dark:text-accent dark:hover:bg-accent-soft"
          >
            Start free trial
          </Link>
        </div>
      </div>
    </aside>
  );
}
