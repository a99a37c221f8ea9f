import type { PreferenceReminderDismissed, PreferencesUpdated } from '@lectio/contracts/accounts';
import type { RecordedEvent } from '@lectio/contracts/events';
import type { Queryable } from '@lectio/platform';

/** The assistant's columns of users_view: the reader's preferences and when the reminder was last answered. */
export const PREFERENCE_USER_EVENT_TYPES = ['PreferencesUpdated', 'PreferenceReminderDismissed'];

export async function applyPreferencesToUser(tx: Queryable, event: RecordedEvent): Promise<void> {
  const userId = event.streamId.slice('user-'.length);
  switch (event.type) {
    case 'PreferencesUpdated': {
      const d = event.data as PreferencesUpdated;
      // Saving answers the 'Personalize Your Experience' reminder as well.
      await tx.query('UPDATE users_view SET faith_journey = $2, communication_style = $3, last_preference_reminder = $4 WHERE user_id = $1', [
        userId,
        d.faithJourney,
        d.communicationStyle,
        d.updatedAt,
      ]);
      return;
    }
    case 'PreferenceReminderDismissed': {
      const d = event.data as PreferenceReminderDismissed;
      await tx.query('UPDATE users_view SET last_preference_reminder = $2 WHERE user_id = $1', [userId, d.dismissedAt]);
      return;
    }
  }
}
