/**
 * A refusal decided by the domain (a decider or a use case), with no knowledge of HTTP. Each
 * module declares one class per refusal, e.g.
 *
 *   export class TrialAlreadyUsed extends DomainError {
 *     readonly kind = 'conflict';
 *     constructor() { super('You have already used your free trial'); }
 *   }
 *
 * and the HTTP edge (platform/src/http/errors.ts) maps the kind to a status in one place. The
 * message is what the reader sees; `details` travels in the body beside it (e.g. { resetDate }).
 */
export type DomainErrorKind =
  | 'invalid' // 400: the request cannot be carried out as asked
  | 'unauthenticated' // 401
  | 'payment_required' // 402: the payment provider refused the card
  | 'forbidden' // 403: not entitled (e.g. free text without Premium)
  | 'not_found' // 404
  | 'conflict' // 409: the state does not allow it (a second trial, a second cancel, a lost race)
  | 'limit' // 429: a budget or rate limit
  | 'unavailable'; // 503: a part the decision needs cannot be reached (fail closed)

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  limit: 429,
  unavailable: 503,
};
