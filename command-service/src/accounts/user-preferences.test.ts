import { describe, it } from 'vitest';
import type { UserEvent } from '@lectio/contracts/accounts';
import { spec } from '@lectio/platform/testing';
import { userDecider } from './user-decider';

const userId = '7f1c1c57-8d8a-4a43-9f55-5d6a3b1e2f10';
const at = new Date('2026-11-20T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'lydia', email: 'lydia@example.com', registeredAt: at.toISOString() },
};
const updated = (
  faithJourney: 'growing_believer' | 'bible_scholar' | null,
  communicationStyle: 'simple' | 'scholarly' | null,
): UserEvent => ({
  type: 'PreferencesUpdated',
  data: { faithJourney, communicationStyle, updatedAt: at.toISOString() },
});

describe('user decider: preferences and the reminder', () => {
  it('records the preferences given; an absent one stays unset', () => {
    spec(userDecider)
      .given([registered])
      .when({ type: 'UpdatePreferences', faithJourney: 'bible_scholar', at })
      .then([updated('bible_scholar', null)]);
  });

  it('an absent field keeps its earlier value', () => {
    spec(userDecider)
      .given([registered, updated('bible_scholar', null)])
      .when({ type: 'UpdatePreferences', communicationStyle: 'scholarly', at })
      .then([updated('bible_scholar', 'scholarly')]);
  });

  it('a save that changes nothing records nothing', () => {
    spec(userDecider)
      .given([registered, updated('growing_believer', 'simple')])
      .when({ type: 'UpdatePreferences', faithJourney: 'growing_believer', at })
      .thenNothing();
  });

  it('dismissing the reminder is recorded with its time', () => {
    spec(userDecider)
      .given([registered])
      .when({ type: 'DismissPreferenceReminder', at })
      .then([{ type: 'PreferenceReminderDismissed', data: { dismissedAt: at.toISOString() } }]);
  });

  it('no account, no preferences', () => {
    spec(userDecider)
      .given([])
      .when({ type: 'UpdatePreferences', faithJourney: 'bible_scholar', at })
      .thenThrows('Account not found');
  });
});
