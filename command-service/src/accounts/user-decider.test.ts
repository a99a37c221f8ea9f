import { describe, it } from 'vitest';
import type { UserEvent } from '@lectio/contracts/accounts';
import { spec } from '@lectio/platform/testing';
import { userDecider } from './user-decider';

const userId = '7f1c1c57-8d8a-4a43-9f55-5d6a3b1e2f10';
const at = new Date('2025-01-05T10:00:00.000Z');
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'ruth', email: 'ruth@example.com', registeredAt: at.toISOString() },
};

describe('user decider', () => {
  it('registers a new user', () => {
    spec(userDecider)
      .given([])
      .when({ type: 'Register', userId, username: 'ruth', email: 'ruth@example.com', at })
      .then([registered]);
  });

  it('refuses to register the same user twice', () => {
    spec(userDecider)
      .given([registered])
      .when({ type: 'Register', userId, username: 'ruth', email: 'ruth@example.com', at })
      .thenThrows('This account already exists');
  });

  it('records a password change without any hash', () => {
    spec(userDecider)
      .given([registered])
      .when({ type: 'ChangePassword', reason: 'reset', at })
      .then([{ type: 'PasswordChanged', data: { reason: 'reset', changedAt: at.toISOString() } }]);
  });

  it('records a reset request without the token', () => {
    const expiresAt = new Date(at.getTime() + 3600_000);
    spec(userDecider)
      .given([registered])
      .when({ type: 'RequestPasswordReset', at, expiresAt })
      .then([
        { type: 'PasswordResetRequested', data: { requestedAt: at.toISOString(), expiresAt: expiresAt.toISOString() } },
      ]);
  });

  it('refuses password changes and resets for an unknown user', () => {
    spec(userDecider).given([]).when({ type: 'ChangePassword', reason: 'change', at }).thenThrows('Account not found');
    spec(userDecider)
      .given([])
      .when({ type: 'RequestPasswordReset', at, expiresAt: at })
      .thenThrows('Account not found');
  });

  it('grants the support role once and revokes it once; to an unknown user, never', () => {
    const granted: UserEvent = { type: 'SupportRoleGranted', data: { grantedAt: at.toISOString() } };
    spec(userDecider).given([registered]).when({ type: 'GrantSupportRole', at }).then([granted]);
    spec(userDecider).given([registered, granted]).when({ type: 'GrantSupportRole', at }).then([]);
    spec(userDecider)
      .given([registered, granted])
      .when({ type: 'RevokeSupportRole', at })
      .then([{ type: 'SupportRoleRevoked', data: { revokedAt: at.toISOString() } }]);
    spec(userDecider).given([registered]).when({ type: 'RevokeSupportRole', at }).then([]);
    spec(userDecider).given([]).when({ type: 'GrantSupportRole', at }).thenThrows('Account not found');
  });
});
