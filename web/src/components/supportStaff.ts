import { useEffect, useState } from 'react';
import type { SupportMeResponse } from '@lectio/contracts/support';
import { ApiError, getJson } from '../lib/api';

// One question per account per page load: the answer changes only when the role is granted or revoked.
const asked = new Map<string, Promise<boolean>>();

/**
 * Whether the signed-in account (`key`: its e-mail) holds the support role: GET /api/support/me
 * answers staff, and everyone else gets the 404 of an unknown route. A 401 is staff whose support
 * sign-in has ended: /support asks them to sign in again.
 */
function isSupportStaff(key: string): Promise<boolean> {
  let answer = asked.get(key);
  if (!answer) {
    answer = getJson<SupportMeResponse>('/api/support/me').then(
      () => true,
      (e: unknown) => e instanceof ApiError && e.status === 401,
    );
    asked.set(key, answer);
  }
  return answer;
}

/** The account menu's Support entry is shown when this is true (asked when the menu first mounts). */
export function useSupportStaff(key: string): boolean {
  const [staff, setStaff] = useState(false);
  useEffect(() => {
    let live = true;
    void isSupportStaff(key).then((yes) => live && setStaff(yes));
    return () => {
      live = false;
    };
  }, [key]);
  return staff;
}
