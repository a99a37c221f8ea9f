import { useCallback, useEffect, useRef, useState } from 'react';
import { dismissPreferenceReminder, fetchPreferenceReminder } from '../api/preferences';

/**
 * The 'Personalize Your Experience' reminder: asked only when a user exists; `dismiss` hides it
 * at once and records the dismissal (closing the dialog without saving), `saved` only hides it
 * (the server counts a save as a dismissal).
 */
export function usePreferenceReminder(hasUser: boolean) {
  const [showReminder, setShowReminder] = useState(false);
  const shown = useRef(false);
  shown.current = showReminder;
  useEffect(() => {
    if (!hasUser) {
      setShowReminder(false);
      return;
    }
    const controller = new AbortController();
    fetchPreferenceReminder(controller.signal).then(
      (r) => setShowReminder(r.showReminder === true),
      (e: unknown) => {
        if (!controller.signal.aborted) console.error('Failed to check preferences reminder', e);
      },
    );
    return () => controller.abort();
  }, [hasUser]);

  const dismiss = useCallback(() => {
    if (!shown.current) return;
    setShowReminder(false);
    dismissPreferenceReminder().catch((e: unknown) => console.error('Failed to dismiss the preferences reminder', e));
  }, []);
  const saved = useCallback(() => setShowReminder(false), []);
  return { showReminder, dismiss, saved };
}
