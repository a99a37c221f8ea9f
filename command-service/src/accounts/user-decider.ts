import type { CommunicationStyle, FaithJourney, UserEvent } from '@lectio/contracts/accounts';
import { type Decider, DomainError } from '@lectio/platform';

/** A registration for a user id whose stream already holds one. */
export class AlreadyRegistered extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super('This account already exists');
  }
}

/** A command for a user whose stream holds no registration. */
export class AccountNotFound extends DomainError {
  readonly kind = 'not_found';
  constructor() {
    super('Account not found');
  }
}

/** The user-<id> stream: who registered, and when passwords changed or resets were asked for. */
export type UserCommand =
  | { type: 'Register'; userId: string; username: string; email: string; at: Date }
  | { type: 'ChangePassword'; reason: 'reset' | 'change'; at: Date }
  | { type: 'RequestPasswordReset'; at: Date; expiresAt: Date }
  /** Absent fields keep their value; a save that changes nothing records nothing. */
  | { type: 'UpdatePreferences'; faithJourney?: FaithJourney; communicationStyle?: CommunicationStyle; at: Date }
  | { type: 'DismissPreferenceReminder'; at: Date }
  /** Granting a role held, or revoking one not held, records nothing. */
  | { type: 'GrantSupportRole'; at: Date }
  | { type: 'RevokeSupportRole'; at: Date }
  /** Records that every session was ended (the sessions table is the session store's). */
  | { type: 'RecordSignOutEverywhere'; sessions: number; at: Date };

export type UserState =
  | { registered: false }
  | {
      registered: true;
      userId: string;
      username: string;
      email: string;
      passwordChangedAt?: string;
      resetRequestedAt?: string;
      faithJourney?: FaithJourney | null;
      communicationStyle?: CommunicationStyle | null;
      lastPreferenceReminder?: string;
      /** Holds the support role (the support console). */
      support?: boolean;
    };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ registered: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { registered: true, userId: event.data.userId, username: event.data.username, email: event.data.email };
      case 'PasswordChanged':
        return state.registered ? { ...state, passwordChangedAt: event.data.changedAt } : state;
      case 'PasswordResetRequested':
        return state.registered ? { ...state, resetRequestedAt: event.data.requestedAt } : state;
      case 'PreferencesUpdated':
        // Saving answers the reminder too.
        return state.registered
          ? {
              ...state,
              faithJourney: event.data.faithJourney,
              communicationStyle: event.data.communicationStyle,
              lastPreferenceReminder: event.data.updatedAt,
            }
          : state;
      case 'PreferenceReminderDismissed':
        return state.registered ? { ...state, lastPreferenceReminder: event.data.dismissedAt } : state;
      case 'SupportRoleGranted':
        return state.registered ? { ...state, support: true } : state;
      case 'SupportRoleRevoked':
        return state.registered ? { ...state, support: false } : state;
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'Register':
        if (state.registered) throw new AlreadyRegistered();
        return [
          {
            type: 'UserRegistered',
            data: {
              userId: command.userId,
              username: command.username,
              email: command.email,
              registeredAt: command.at.toISOString(),
            },
          },
        ];
      case 'ChangePassword':
        if (!state.registered) throw new AccountNotFound();
        return [{ type: 'PasswordChanged', data: { reason: command.reason, changedAt: command.at.toISOString() } }];
      case 'RequestPasswordReset':
        if (!state.registered) throw new AccountNotFound();
        return [
          {
            type: 'PasswordResetRequested',
            data: { requestedAt: command.at.toISOString(), expiresAt: command.expiresAt.toISOString() },
          },
        ];
      case 'UpdatePreferences': {
        if (!state.registered) throw new AccountNotFound();
        const faithJourney = command.faithJourney ?? state.faithJourney ?? null;
        const communicationStyle = command.communicationStyle ?? state.communicationStyle ?? null;
        if (faithJourney === (state.faithJourney ?? null) && communicationStyle === (state.communicationStyle ?? null))
          return [];
        return [
          {
            type: 'PreferencesUpdated',
            data: { faithJourney, communicationStyle, updatedAt: command.at.toISOString() },
          },
        ];
      }
      case 'DismissPreferenceReminder':
        if (!state.registered) throw new AccountNotFound();
        return [{ type: 'PreferenceReminderDismissed', data: { dismissedAt: command.at.toISOString() } }];
      case 'GrantSupportRole':
        if (!state.registered) throw new AccountNotFound();
        return state.support ? [] : [{ type: 'SupportRoleGranted', data: { grantedAt: command.at.toISOString() } }];
      case 'RecordSignOutEverywhere':
        if (!state.registered) throw new AccountNotFound();
        return [
          { type: 'SignedOutEverywhere', data: { sessions: command.sessions, endedAt: command.at.toISOString() } },
        ];
      case 'RevokeSupportRole':
        if (!state.registered) throw new AccountNotFound();
        return state.support ? [{ type: 'SupportRoleRevoked', data: { revokedAt: command.at.toISOString() } }] : [];
    }
  },
};
