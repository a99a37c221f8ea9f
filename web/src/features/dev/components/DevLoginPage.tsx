import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Header } from '../../../components/Header';
import { Button, ButtonLink, Spinner } from '../../../components/ui';
import { ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/apiErrors';
import { refreshAuth } from '../../../lib/auth';
import { devLogin } from '../api/dev';
import NotFoundPage from '../../../pages/NotFoundPage';
import { paths } from '../../../lib/paths';

/** Spec: redirect to / 1.5 seconds after the development sign-in. */
const REDIRECT_DELAY_MS = 1500;

type State =
  { kind: 'pending' } | { kind: 'done'; username: string } | { kind: 'failed'; message: string } | { kind: 'absent' };

/** Developer login: signs in as the development user on load (outside production only). */
export default function DevLoginPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ kind: 'pending' });
  const timer = useRef<number | undefined>(undefined);
  const started = useRef(false);

  const login = useCallback(async () => {
    setState({ kind: 'pending' });
    try {
      const user = await devLogin();
      await refreshAuth();
      setState({ kind: 'done', username: user.username });
      timer.current = window.setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
    } catch (err) {
      // In production the route does not exist: so neither does this page.
      if (err instanceof ApiError && err.status === 404) setState({ kind: 'absent' });
      else setState({ kind: 'failed', message: failureText(err, 'Development login failed') });
    }
  }, [navigate]);

  useEffect(() => {
    // Once per visit (StrictMode mounts effects twice in development).
    if (!started.current) {
      started.current = true;
      void login();
    }
  }, [login]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (state.kind === 'absent') return <NotFoundPage />;

  return (
    <>
      <Header />
      <main id="main" className="grid min-h-[70dvh] place-items-center px-5">
        <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 text-center shadow-sm">
          <h1 className="font-serif text-2xl font-semibold">Developer Login</h1>
          <div className="mt-4" aria-live="polite">
            {state.kind === 'pending' && <Spinner label="Signing in as the development user..." />}
            {state.kind === 'done' && (
              <p role="status">
                Signed in as <strong>{state.username}</strong>. Redirecting...
              </p>
            )}
            {state.kind === 'failed' && (
              <>
                <p role="alert" className="text-danger">
                  {state.message}
                </p>
                <div className="mt-5 grid gap-2">
                  <Button className="w-full justify-center" onClick={() => void login()}>
                    Login as Development User
                  </Button>
                  <ButtonLink to={paths.auth} variant="outline" className="w-full justify-center">
                    Normal Login/Register
                  </ButtonLink>
                </div>
              </>
            )}
          </div>
        </div>
      </main>
    </>
  );
}
