import { assistantMessages } from '@lectio/contracts/assistant';
import { DomainError } from '@lectio/platform';

/** The assistant's refusals; the HTTP edge maps each kind to its status (platform/src/http/errors.ts). */

export class UnknownQuestion extends DomainError {
  readonly kind = 'not_found';
  constructor() {
    super(assistantMessages.unknownQuestion);
  }
}

/** A question about a verse that is not in the chapter (in the reader's translation): 400, field context.verse. */
export class UnknownVerse extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(assistantMessages.unknownVerse, {
      errors: [{ field: 'context.verse', message: assistantMessages.unknownVerse }],
    });
  }
}

/** Free text without Premium (403). */
export class PremiumRequired extends DomainError {
  readonly kind = 'forbidden';
  constructor() {
    super(assistantMessages.premiumRequired);
  }
}

/** Neither a trial nor Premium (403). */
export class TrialOrPremiumRequired extends DomainError {
  readonly kind = 'forbidden';
  constructor() {
    super(assistantMessages.trialOrPremiumRequired);
  }
}

/** Premium paused by a failed payment (403). */
export class PaymentPastDue extends DomainError {
  readonly kind = 'forbidden';
  constructor() {
    super(assistantMessages.paymentPastDue);
  }
}

/**
 * The next answer's worst case no longer fits in what is left of the period's budget (429), with
 * how much is left (the settled spending's remainder, as GET /api/user/usage shows it) and the reset date.
 */
export class MonthlyLimitReached extends DomainError {
  readonly kind = 'limit';
  constructor(
    readonly resetDate: string | null,
    readonly leftMicros: number,
    readonly budgetMicros: number,
  ) {
    super(assistantMessages.limitReached(resetDate, leftMicros, budgetMicros), {
      title: assistantMessages.limitReachedTitle,
      resetDate,
    });
  }
}

/** What is left would pay for the answer but for the money an answer still being written holds (429, for a moment). */
export class BudgetHeld extends DomainError {
  readonly kind = 'limit';
  readonly retryAfterSeconds = 30;
  constructor(leftMicros: number, budgetMicros: number) {
    super(assistantMessages.budgetHeld(leftMicros, budgetMicros), { retryAfterSeconds: 30 });
  }
}

/** Too many questions a minute (429). */
export class TooManyQuestions extends DomainError {
  readonly kind = 'limit';
  constructor(readonly retryAfterSeconds: number) {
    super(assistantMessages.tooManyQuestions, { retryAfterSeconds });
  }
}

/** A settlement or release for a question the stream does not hold open (a programming error, never shown). */
export class UnknownReservation extends DomainError {
  readonly kind = 'conflict';
  constructor(questionId: string) {
    super(`No open reservation for question ${questionId}`);
  }
}

/** Usage could not be read or recorded: no question is answered (503, fail closed). */
export class AccountingUnavailable extends DomainError {
  readonly kind = 'unavailable';
  constructor() {
    super(assistantMessages.accountingUnavailable);
  }
}

/** The model failed before it produced an answer (or broke off): the panel shows the spec's apology. */
export class AnswerFailed extends DomainError {
  readonly kind = 'unavailable';
  constructor() {
    super(assistantMessages.apology);
  }
}

/** A support credit larger than what the period's spending, or the credit a period allows, leaves room for (400). */
export class CreditTooLarge extends DomainError {
  readonly kind = 'invalid';
  constructor(leftMicros: number, limit: 'spent' | 'period') {
    const left = `$${(Math.max(0, leftMicros) / 1_000_000).toFixed(2)}`;
    super(
      limit === 'spent'
        ? `A credit cannot be more than this period's spending (${left})`
        : `At most ${left} more can be credited in this period`,
    );
  }
}
