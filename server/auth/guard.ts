/**
 * The staff guard for /api/crm routes: `Authorization: Bearer <token>` must name a live session.
 * On success `request.staff` holds the signed-in user; otherwise the answer is 401 { message }.
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { PublicUser } from '../../src/contract';
import { HttpError } from '../http/errors';
import { hashToken } from './tokens';
import { findSessionUser } from './sessions';

export interface StaffIdentity {
  user: PublicUser;
  /** SHA-256 of the bearer token: the session's key, for sign-out. */
  tokenHash: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffIdentity;
  }
}

export const SIGNED_OUT_MESSAGE = 'Your session has ended. Please sign in again.';

export function staffGuard(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    // Staff answers are private: never stored by the browser or a proxy.
    reply.header('Cache-Control', 'no-store');
    const header = request.headers.authorization ?? '';
    const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header)?.[1];
    if (!token) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    const user = await findSessionUser(ctx.db.pool, token);
    if (!user) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    request.staff = { user, tokenHash: hashToken(token) };
  };
}

/** The signed-in staff member of a guarded request. */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return request.staff;
}
