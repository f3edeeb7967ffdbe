/**
 * What stores, validators and guards throw when a request cannot be done: the kind of failure and
 * a message fit to show a person, never an HTTP status. The route layer maps each kind to its
 * status and JSON answer in one place (server/http/errors.ts).
 */
import type { FieldErrors } from '../src/field-errors';

/** Extra JSON fields a client acts on (e.g. a 409's `version` or `current`, a 401's `challengeExpired`). */
export type ErrorDetails = Record<string, unknown>;

export abstract class DomainError extends Error {
  constructor(
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
  }
}

/** The input is not acceptable; `fields` names each field at fault (a form shows the message beside it). */
export class InvalidInput extends DomainError {
  constructor(
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message, fields ? { errors: fields } : {});
  }
}

/** The message of an answer that names several fields at fault. */
export const INVALID_INPUT_MESSAGE = 'Please correct the highlighted fields.';

/** One field is at fault: the message is both the answer's and the field's. */
export const invalidField = (field: string, message: string) => new InvalidInput(message, { [field]: message });

/** Not signed in, the session has ended, or the credentials are wrong. */
export class Unauthorized extends DomainError {}

/** Signed in, but not allowed to do this. */
export class Forbidden extends DomainError {}

/** There is no such record. */
export class NotFound extends DomainError {}

/** The record changed since it was read, or the change is not possible now. */
export class Conflict extends DomainError {}

/** Too many attempts: the caller waits `retryAfterSeconds`. */
export class TooManyAttempts extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Briefly unable to do the work (a queue is full): the caller retries after `retryAfterSeconds`. */
export class Busy extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
