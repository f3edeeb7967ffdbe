/**
 * The applicant's session (issue 33), apart from staff sessions: an opaque bearer token made when
 * an e-mailed sign-in link is used, stored hashed, with an idle expiry renewed on use and an
 * absolute one. It names an e-mail address, nothing else: every applicant call reads only the
 * application of that address, so one applicant can never reach another's data by id.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { Unauthorized } from '../domain-errors';
import { hashToken, newToken } from '../auth/tokens';

export const APPLICANT_IDLE_MINUTES = 120;
export const APPLICANT_ABSOLUTE_HOURS = 24;
export const APPLICANT_SIGNED_OUT_MESSAGE = 'Your session has ended. Please ask for a new sign-in link.';

export interface ApplicantIdentity {
  email: string;
  tokenHash: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    applicant?: ApplicantIdentity;
  }
}

export async function createApplicantSession(db: Queryable, email: string): Promise<string> {
  const token = newToken();
  await db.query(`INSERT INTO applicant_sessions (token_hash, email, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [
    hashToken(token),
    email,
    APPLICANT_ABSOLUTE_HOURS,
  ]);
  return token;
}

/** The address of a live session, renewing its idle timer; null for unknown, expired or ended. */
async function sessionEmail(db: Queryable, tokenHash: Buffer): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>(
    `UPDATE applicant_sessions SET last_seen_at = now()
      WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()
        AND last_seen_at > now() - make_interval(mins => $2)
     RETURNING email`,
    [tokenHash, APPLICANT_IDLE_MINUTES],
  );
  return rows[0]?.email ?? null;
}

export async function endApplicantSession(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query('UPDATE applicant_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
}

/** Every applicant route: `Authorization: Bearer <token>` of a live applicant session; answers never cached. */
export function applicantGuard(ctx: AppContext): preValidationAsyncHookHandler {
  return async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new Unauthorized(APPLICANT_SIGNED_OUT_MESSAGE);
    const tokenHash = hashToken(token);
    const email = await sessionEmail(ctx.db.pool, tokenHash);
    if (!email) throw new Unauthorized(APPLICANT_SIGNED_OUT_MESSAGE);
    request.applicant = { email, tokenHash };
  };
}

export function applicantOf(request: FastifyRequest): ApplicantIdentity {
  if (!request.applicant) throw new Unauthorized(APPLICANT_SIGNED_OUT_MESSAGE);
  return request.applicant;
}
