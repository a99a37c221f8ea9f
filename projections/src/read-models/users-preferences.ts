import type { UserEvent } from '@lectio/contracts/accounts';
import type { Queryable } from '@lectio/platform';
import type { ProjectedEvent } from '@lectio/platform/projections';
import { streams } from '@lectio/contracts/events';

/** The assistant's columns of users_view: the reader's preferences and when the reminder was last answered. */
export type PreferenceUserEvent = Extract<UserEvent, { type: 'PreferencesUpdated' | 'PreferenceReminderDismissed' }>;
export const PREFERENCE_USER_EVENT_TYPES: PreferenceUserEvent['type'][] = [
  'PreferencesUpdated',
  'PreferenceReminderDismissed',
];

export async function applyPreferencesToUser(tx: Queryable, event: ProjectedEvent<PreferenceUserEvent>): Promise<void> {
  const userId = streams.user.userIdOf(event.streamId);
  if (!userId) return;
  switch (event.type) {
    case 'PreferencesUpdated': {
      const d = event.data;
      // Saving answers the 'Personalize Your Experience' reminder as well.
      await tx.query(
        'UPDATE users_view SET faith_journey = $2, communication_style = $3, last_preference_reminder = $4 WHERE user_id = $1',
        [userId, d.faithJourney, d.communicationStyle, d.updatedAt],
      );
      return;
    }
    case 'PreferenceReminderDismissed': {
      const d = event.data;
      await tx.query('UPDATE users_view SET last_preference_reminder = $2 WHERE user_id = $1', [userId, d.dismissedAt]);
      return;
    }
  }
}
