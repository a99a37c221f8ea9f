import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useHref, useNavigate, type NavigateOptions } from 'react-router-dom';
import { RouterProvider } from 'react-aria-components';
import { PageLoading, ProtectedRoute } from './components/ProtectedRoute';
import { SkipLink } from './components/SkipLink';
import { Toaster } from './components/toast';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

// Route-level code splitting: each screen is its own chunk, so /home loads only the reader. This file is
// the composition root: it alone imports pages from inside features (features/<name>/components);
// features use each other only through features/<name>/index.ts.
const LandingPage = lazy(() => import('./pages/LandingPage'));
const ReaderPage = lazy(() => import('./features/reader/components/ReaderPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const AuthPage = lazy(() => import('./features/accounts/components/AuthPage'));
const TrialPage = lazy(() => import('./features/billing/components/TrialSignupPage'));
const AccountPage = lazy(() => import('./features/accounts/components/AccountPage'));
const SubscriptionPage = lazy(() => import('./features/billing/components/SubscriptionPage'));
const ManageSubscriptionPage = lazy(() => import('./features/billing/components/ManageSubscriptionPage'));
const PlansPage = lazy(() => import('./features/plans/components/PlansPage'));
const ImmediateUpgradePage = lazy(() => import('./features/billing/components/ImmediateUpgradePage'));
// The subscribe and checkout pages share one chunk.
const checkoutPages = () => import('./features/billing/components/CheckoutPages');
const SubscribePage = lazy(() => checkoutPages().then((m) => ({ default: m.SubscribePage })));
const SimpleSubscribePage = lazy(() => checkoutPages().then((m) => ({ default: m.SimpleSubscribePage })));
const SubscriptionSuccessPage = lazy(() => checkoutPages().then((m) => ({ default: m.SubscriptionSuccessPage })));
const TestSubscriptionSuccessPage = lazy(() => checkoutPages().then((m) => ({ default: m.TestSubscriptionSuccessPage })));
// The support console's two pages share one chunk.
const supportPages = () => import('./features/support/components/SupportPages');
const SupportSearchPage = lazy(() => supportPages().then((m) => ({ default: m.SupportSearchPage })));
const SupportAccountPage = lazy(() => supportPages().then((m) => ({ default: m.SupportAccountPage })));
const NotesPage = lazy(() => import('./features/notes/components/NotesPage'));
const DevLoginPage = lazy(() => import('./features/dev/components/DevLoginPage'));
const DevMailboxPage = lazy(() => import('./features/dev/components/DevMailboxPage'));
const StripeTestPage = lazy(() => checkoutPages().then((m) => ({ default: m.StripeTestPage })));
const RealStripeCheckoutPage = lazy(() => checkoutPages().then((m) => ({ default: m.RealStripeCheckoutPage })));

type Page = LazyExoticComponent<ComponentType>;

const PUBLIC: Array<[string, Page]> = [
  ['/', LandingPage],
  ['/landing', LandingPage],
  ['/auth', AuthPage],
  ['/trial', TrialPage],
  ['/subscribe', SubscribePage],
  ['/simple-subscribe', SimpleSubscribePage],
  ['/subscription-success', SubscriptionSuccessPage],
  ['/test-subscription-success', TestSubscriptionSuccessPage],
  ['/dev-login', DevLoginPage],
  // Development only: the API answers 404 in production, and nothing links here.
  ['/dev/mailbox', DevMailboxPage],
  ['/stripe-test', StripeTestPage],
  ['/real-stripe-checkout', RealStripeCheckoutPage],
  // Support staff only: for anyone else (signed out included) the page is the 404 page, as every support call is.
  ['/support', SupportSearchPage],
  ['/support/accounts/:id', SupportAccountPage],
];

const PROTECTED: Array<[string, Page]> = [
  ['/home', ReaderPage],
  ['/notes', NotesPage],
  ['/account', AccountPage],
  ['/subscription', SubscriptionPage],
  ['/manage-subscription', ManageSubscriptionPage],
  ['/immediate-upgrade/*', ImmediateUpgradePage],
  ['/plans', PlansPage],
];

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
