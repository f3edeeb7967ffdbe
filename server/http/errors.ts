/**
 * Errors as HTTP answers, in one place: the domain errors of stores, validators and guards
 * (server/domain-errors.ts) get their status here, and routes throw HttpError for statuses of their
 * own (410, 413, 415, 422). Every answer is JSON with a human `message`, never a stack.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionError } from '../db/database';
import { Busy, Conflict, DomainError, Forbidden, InvalidInput, NotFound, TooManyAttempts, Unauthorized } from '../domain-errors';
import { ABORTED_REQUEST_MESSAGE, isAbortedRequest, logAbortedRequest } from './client-errors';

/** An answer a route decides itself: a status, a message, and extra fields or headers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra JSON fields for the answer (e.g. `status: 'error'` on the leads route). */
    readonly extra: Record<string, unknown> = {},
    /** Extra headers for the answer (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const UNSTORABLE_VALUE_MESSAGE = 'The request contains a value we cannot store. Please check what you entered and try again.';

/** SQLSTATE class 22 (data exception): the input, not the server, is at fault. */
export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

export const DATABASE_DOWN_MESSAGE = 'Our system is briefly unavailable. Please try again in a minute; nothing you sent was saved.';

const STATUS_OF: [new (...args: never[]) => DomainError, number][] = [
  [InvalidInput, 400],
  [Unauthorized, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [TooManyAttempts, 429],
  [Busy, 503],
];

/** The HTTP answer of a domain error: its status, its message and details, Retry-After when it has one. */
export function httpErrorOf(error: DomainError): HttpError {
  const status = STATUS_OF.find(([kind]) => error instanceof kind)?.[1] ?? 500;
  const retryAfter: Record<string, string> =
    error instanceof TooManyAttempts || error instanceof Busy ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
  return new HttpError(status, error.message, error.details, retryAfter);
}

/** Fastify's error handler: every error becomes JSON with a human `message`, never a stack. */
export function handleError(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) error = httpErrorOf(error);
  if (error instanceof HttpError) {
    return reply
      .status(error.statusCode)
      .headers(error.headers)
      .send({ ...error.extra, message: error.message });
  }
  // Checked first: an aborted body fails with ECONNRESET, which is also a database connection's code.
  if (isAbortedRequest(request)) {
    logAbortedRequest(request, error);
    return reply.status(400).send({ message: ABORTED_REQUEST_MESSAGE });
  }
  if (isConnectionError(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).header('Retry-After', '5').send({ message: DATABASE_DOWN_MESSAGE });
  }
  if (isDataException(error)) {
    request.log.info({ code: (error as { code?: string }).code }, 'input refused by the database');
    return reply.status(400).send({ message: UNSTORABLE_VALUE_MESSAGE });
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 413) return reply.status(413).send({ message: 'The request is too large.' });
  if (status === 415) return reply.status(415).send({ message: 'Send the request as JSON (Content-Type: application/json).' });
  if (status === 429) return reply.status(429).send({ message: error.message });
  if (status >= 400 && status < 500) {
    const code = (error as FastifyError).code;
    const message =
      code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON.'
        : code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty.'
          : 'The request is not valid.';
    return reply.status(status).send({ message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
