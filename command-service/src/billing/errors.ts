import { billingMessages } from '@lectio/contracts/billing';
import { DomainError, TimeoutError } from '@lectio/platform';

/**
 * Refusals of the billing domain, one class per reason. They know nothing of HTTP: the platform's
 * error handler maps each kind to a status in one place.
 */
export abstract class BillingError extends DomainError {}

export class TrialAlreadyUsedError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.trialAlreadyUsed);
  }
}
export class AlreadySubscribedError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.alreadySubscribed);
  }
}
export class AlreadyCancelledError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.alreadyCancelled);
  }
}
export class NothingToCancelError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.nothingToCancel);
  }
}
export class NotInTrialError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.notInTrial);
  }
}
export class TrialEndedError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.trialExpired);
  }
}
/** A trial starts on a card: none was given and none is on file. */
export class TrialCardRequiredError extends BillingError {
  readonly kind = 'invalid';
  constructor() {
    super(billingMessages.trialNeedsCard);
  }
}
/** Another account already had a trial with this e-mail address (normalised) or this card. */
export class TrialUsedElsewhereError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.trialUsedElsewhere);
  }
}
/** Support asked for more trial days than the cap on all extensions leaves. */
export class TrialExtensionCappedError extends BillingError {
  readonly kind = 'conflict';
  constructor(left: number) {
    super(billingMessages.trialExtensionCapped(left), { daysLeft: left });
  }
}
export class NotRenewableError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.notRenewable);
  }
}
export class PaymentMethodRequiredError extends BillingError {
  readonly kind = 'invalid';
  constructor() {
    super(billingMessages.paymentMethodRequired);
  }
}
export class PaymentMethodNotFoundError extends BillingError {
  readonly kind = 'not_found';
  constructor() {
    super(billingMessages.paymentMethodNotFound);
  }
}
export class DefaultCardRequiredError extends BillingError {
  readonly kind = 'conflict';
  constructor() {
    super(billingMessages.defaultCardRequired);
  }
}
/** The provider refused a card or a charge; the message is the provider's, safe to show. */
export class PaymentDeclinedError extends BillingError {
  readonly kind = 'payment_required';
  constructor(message: string) {
    super(message);
  }
}
/** Card details that can never work (bad number, past expiry): the reader must correct them. */
export class InvalidCardError extends BillingError {
  readonly kind = 'invalid';
  constructor(message: string) {
    super(message);
  }
}
export class SetupIntentInvalidError extends BillingError {
  readonly kind = 'invalid';
  constructor(message: string = billingMessages.setupIntentInvalid) {
    super(message);
  }
}
/** The provider did not answer in time: not a refusal; the error handler answers 503 (retry). */
export class ProviderUnavailableError extends TimeoutError {
  constructor(message: string = billingMessages.providerUnavailable) {
    super(message);
  }
}
