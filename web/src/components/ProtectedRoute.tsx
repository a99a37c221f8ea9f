import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { userAccess } from '../lib/access';
import { useAuth } from '../lib/auth';
import { paths } from '../lib/paths';

/** Spec: 'Loading...' while auth loads; signed out -> /auth; trial without a card -> /trial. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageLoading />;
  if (auth.status === 'unauthenticated') {
    // Route changes are transitions: while the next page (say /landing after Sign Out) loads, this
    // one still renders. The address has already moved on, so do not bounce it to /auth.
    if (typeof window !== 'undefined' && window.location.pathname !== location.pathname) return <PageLoading />;
    return <Navigate to={paths.auth} replace />;
  }
  if (userAccess(auth.user)?.mustAddCard) return <Navigate to={paths.trial} replace />;
  return <>{children}</>;
}

export function PageLoading() {
  return (
    <div className="grid min-h-[60dvh] place-items-center text-muted" role="status">
      Loading...
    </div>
  );
}
