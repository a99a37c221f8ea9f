import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dismissPreferenceReminder, preferenceReminderQuery } from '../api/preferences';

/**
 * The 'Personalize Your Experience' reminder: asked only when a user exists; `dismiss` hides it
 * at once and records the dismissal (closing the dialog without saving), `saved` only hides it
 * (the server counts a save as a dismissal).
 */
export function usePreferenceReminder(hasUser: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...preferenceReminderQuery, enabled: hasUser });
  const { error } = query;
  useEffect(() => {
    if (error) console.error('Failed to check preferences reminder', error);
  }, [error]);
  const showReminder = hasUser && query.data?.showReminder === true;
  const shown = useRef(false);
  shown.current = showReminder;
  const hide = useCallback(
    () => queryClient.setQueryData(preferenceReminderQuery.queryKey, { showReminder: false }),
    [queryClient],
  );
  const dismiss = useCallback(() => {
    if (!shown.current) return;
    hide();
    dismissPreferenceReminder().catch((e: unknown) => console.error('Failed to dismiss the preferences reminder', e));
  }, [hide]);
  return { showReminder, dismiss, saved: hide };
}
