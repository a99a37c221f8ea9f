import { atom, useAtomValue } from 'jotai';
import type { UserResponse } from '@lectio/contracts/user';
import { ApiError, getJson } from './api';
import { queryClient } from './queryClient';
import { appStore } from './store';

/** The user as the client reads it from GET /api/user: the contract's type, not a copy. */
export type User = UserResponse;

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: User; offline?: boolean }
  | { status: 'unauthenticated'; user: null };

export const authAtom = atom<AuthState>({ status: 'loading', user: null });

/** Last signed-in user, so the reader still opens when the network is off. */
const LAST_USER_KEY = 'lectio:lastUser';

function remember(user: User | null) {
  try {
    if (user)
      localStorage.setItem(
        LAST_USER_KEY,
        JSON.stringify({
          username: user.username,
          email: user.email,
          subscriptionStatus: user.subscriptionStatus,
          paymentMethodProvided: user.paymentMethodProvided,
          stripeSubscriptionId: user.stripeSubscriptionId ?? null,
        }),
      );
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    /* ignore */
  }
}

function remembered(): User | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    // What remember() stored from GET /api/user; only a hint until the server answers again.
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

let inflight: Promise<User | null> | null = null;

/** Another reader (or none) in this tab: the server data read for the one before is dropped, never shown to the next. */
function setAuth(next: AuthState) {
  const before = appStore.get(authAtom).user?.username ?? null;
  if (before !== null && before !== (next.user?.username ?? null)) queryClient.clear();
  appStore.set(authAtom, next);
}

/**
 * Checks the session (app start, and after login, registration, logout and subscription changes).
 * Any non-OK answer means signed out. A network failure (offline) keeps the last known user.
 */
export function refreshAuth(): Promise<User | null> {
  if (inflight) return inflight;
  inflight = (async () => {
    try {
      const user = await getJson<User>('/api/user');
      if (!user || typeof user !== 'object' || typeof user.username !== 'string')
        throw new ApiError(200, '', 'No user');
      remember(user);
      setAuth({ status: 'authenticated', user });
      return user;
    } catch (e) {
      const offline = !(e instanceof ApiError) && typeof navigator !== 'undefined';
      const last = offline ? remembered() : null;
      if (last) {
        setAuth({ status: 'authenticated', user: last, offline: true });
        return last;
      }
      if (!offline) remember(null);
      setAuth({ status: 'unauthenticated', user: null });
      return null;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

export function useAuth(): AuthState {
  return useAtomValue(authAtom);
}

export function useUser(): User | null {
  return useAtomValue(authAtom).user;
}
