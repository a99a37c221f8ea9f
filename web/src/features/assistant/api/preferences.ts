import { queryOptions } from '@tanstack/react-query';
import type { PreferenceReminderResponse, PreferencesRequest, PreferencesResponse } from '@lectio/contracts/assistant';
import { getJson, postJson } from '../../../lib/api';

/** POST /api/user/preferences. */
export const savePreferences = (request: PreferencesRequest) =>
  postJson<PreferencesResponse>('/api/user/preferences', request);

/** GET /api/user/preference-reminder (only when a user exists); a dismissal or a save hides it. */
export const preferenceReminderQuery = queryOptions({
  queryKey: ['user', 'preference-reminder'],
  queryFn: ({ signal }) => getJson<PreferenceReminderResponse>('/api/user/preference-reminder', { signal }),
});

/** POST /api/user/preference-reminder/dismiss. */
export const dismissPreferenceReminder = () =>
  postJson<PreferenceReminderResponse>('/api/user/preference-reminder/dismiss');
