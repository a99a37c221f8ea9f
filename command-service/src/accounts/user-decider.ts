import type { UserEvent } from '@lectio/contracts/accounts';
import type { Decider } from '@lectio/platform/decider';
import { HttpError } from '@lectio/platform/http/errors';

/** The user-<id> stream: who registered, and when passwords changed or resets were asked for. */
export type UserCommand =
  | { type: 'Register'; userId: string; username: string; email: string; at: Date }
  | { type: 'ChangePassword'; reason: 'reset' | 'change'; at: Date }
  | { type: 'RequestPasswordReset'; at: Date; expiresAt: Date };

export type UserState =
  | { registered: false }
  | { registered: true; userId: string; username: string; email: string; passwordChangedAt?: string; resetRequestedAt?: string };

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
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'Register':
        if (state.registered) throw new HttpError(409, 'This account already exists');
        return [
          {
            type: 'UserRegistered',
            data: { userId: command.userId, username: command.username, email: command.email, registeredAt: command.at.toISOString() },
          },
        ];
      case 'ChangePassword':
        if (!state.registered) throw new HttpError(404, 'Account not found');
        return [{ type: 'PasswordChanged', data: { reason: command.reason, changedAt: command.at.toISOString() } }];
      case 'RequestPasswordReset':
        if (!state.registered) throw new HttpError(404, 'Account not found');
        return [
          {
            type: 'PasswordResetRequested',
            data: { requestedAt: command.at.toISOString(), expiresAt: command.expiresAt.toISOString() },
          },
        ];
    }
  },
};
