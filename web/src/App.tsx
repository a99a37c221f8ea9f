import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { matchPath, Route, Routes, useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import { RouterProvider } from 'react-aria-components';
import { PageLoading, ProtectedRoute } from './components/ProtectedRoute';
import { SkipLink } from './components/SkipLink';
import { Toaster } from './components/toast';
import { paths } from './lib/paths';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

// Route-level code splitting: each screen is its own chunk, so /home loads only the reader. This file is
// the composition root: it (and the screens it routes in pages/, such as ReaderScreen, which plugs the
// other features into the reader's slots) alone imports pages from inside features
// (features/<name>/components); features use each other only through features/<name>/index.ts.

/**
 * A screen loaded on demand. Once its module is here (main.tsx preloads the first screen's before
 * the first render) it mounts at once, without a 'Loading...' painted and replaced a moment later.
 * Each mount keeps the component it started with, so a screen shown through Suspense is never
 * remounted when its module arrives.
 */
interface Page {
  (): ReactElement;
  preload(): Promise<void>;
}

function page(load: () => Promise<{ default: ComponentType }>): Page {
  let loaded: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (m) => {
        loaded = m.default;
      },
      () => {
        // A failed fetch (offline, an older build's chunk) is tried again by the lazy component, whose error shows.
        loading = null;
      },
    ));
  const Lazy = lazy(load);
  function Screen() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Screen, { preload });
}

const LandingPage = page(() => import('./pages/LandingPage'));
// The reader asks for the chapter's text as soon as its code is here, not after its first render.
const ReaderPage = page(() =>
  import('./pages/ReaderScreen').then((m) => {
    m.warm();
    return m;
  }),
);
const NotFoundPage = page(() => import('./pages/NotFoundPage'));
const AuthPage = page(() => import('./features/accounts/components/AuthPage'));
const TrialPage = page(() => import('./features/billing/components/TrialSignupPage'));
const AccountPage = page(() => import('./pages/AccountScreen'));
const SubscriptionPage = page(() => import('./features/billing/components/SubscriptionPage'));
const ManageSubscriptionPage = page(() => import('./features/billing/components/ManageSubscriptionPage'));
const PlansPage = page(() => import('./features/plans/components/PlansPage'));
const ImmediateUpgradePage = page(() => import('./features/billing/components/ImmediateUpgradePage'));
// The subscribe and checkout pages share one chunk.
const checkoutPages = () => import('./features/billing/components/CheckoutPages');
const SubscribePage = page(() => checkoutPages().then((m) => ({ default: m.SubscribePage })));
const SimpleSubscribePage = page(() => checkoutPages().then((m) => ({ default: m.SimpleSubscribePage })));
const SubscriptionSuccessPage = page(() => checkoutPages().then((m) => ({ default: m.SubscriptionSuccessPage })));
const TestSubscriptionSuccessPage = page(() =>
  checkoutPages().then((m) => ({ default: m.TestSubscriptionSuccessPage })),
);
// The support console's two pages share one chunk.
const supportPages = () => import('./features/support/components/SupportPages');
const SupportSearchPage = page(() => supportPages().then((m) => ({ default: m.SupportSearchPage })));
const SupportAccountPage = page(() => supportPages().then((m) => ({ default: m.SupportAccountPage })));
const NotesPage = page(() => import('./features/notes/components/NotesPage'));
const DevLoginPage = page(() => import('./features/dev/components/DevLoginPage'));
const DevMailboxPage = page(() => import('./features/dev/components/DevMailboxPage'));
const StripeTestPage = page(() => checkoutPages().then((m) => ({ default: m.StripeTestPage })));
const RealStripeCheckoutPage = page(() => checkoutPages().then((m) => ({ default: m.RealStripeCheckoutPage })));

const PUBLIC: Array<[string, Page]> = [
  ['/', LandingPage],
  [paths.landingAlias, LandingPage],
  [paths.auth, AuthPage],
  [paths.trial, TrialPage],
  [paths.subscribe, SubscribePage],
  [paths.simpleSubscribe, SimpleSubscribePage],
  [paths.subscriptionSuccess, SubscriptionSuccessPage],
  [paths.testSubscriptionSuccess, TestSubscriptionSuccessPage],
  [paths.devLogin, DevLoginPage],
  // Development only: the API answers 404 in production, and nothing links here.
  [paths.devMailbox, DevMailboxPage],
  [paths.stripeTest, StripeTestPage],
  [paths.realStripeCheckout, RealStripeCheckoutPage],
  // Support staff only: for anyone else (signed out included) the page is the 404 page, as every support call is.
  [paths.support, SupportSearchPage],
  [paths.supportAccount, SupportAccountPage],
];

const PROTECTED: Array<[string, Page]> = [
  [paths.home, ReaderPage],
  [paths.notes, NotesPage],
  [paths.account, AccountPage],
  [paths.subscription, SubscriptionPage],
  [paths.manageSubscription, ManageSubscriptionPage],
  ['/immediate-upgrade/*', ImmediateUpgradePage],
  [paths.plans, PlansPage],
];

/** Fetches the code of the screen at `pathname` (the 404 screen for an unknown path); never rejects. */
export function preloadScreen(pathname: string): Promise<void> {
  const match = [...PUBLIC, ...PROTECTED].find(([path]) => matchPath(path, pathname));
  return (match ? match[1] : NotFoundPage).preload();
}

export function App() {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      <SkipLink targetId="main">Skip to content</SkipLink>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          {PUBLIC.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {PROTECTED.map(([path, Page]) => (
            <Route
              key={path}
              path={path}
              element={
                <ProtectedRoute>
                  <Page />
                </ProtectedRoute>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
      <Toaster />
    </RouterProvider>
  );
}
