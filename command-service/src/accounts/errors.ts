import { DomainError } from '@lectio/platform';

/** Two password changes raced: the other one replaced the password this one was checked against. */
export class PasswordChangedMeanwhile extends DomainError {
  readonly kind = 'conflict';
  constructor() {
    super(
      'Your password was changed by another request at the same time, so this change was not made. Sign in with the password you set and try again if needed.',
    );
  }
}
