/**
 * POST /api/leads: the inquiry widget's lead creation (seed §3, §7). Validated, rate-limited per
 * client address, idempotent per `Idempotency-Key`, and never lost: when the database is down
 * the lead is spooled to disk and written later (server/leads/spool.ts).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { AppContext } from '../context';
import type { LeadAnswer } from '../../src/contract';
import { isConnectionError } from '../db/database';
import { HttpError } from '../http/errors';
import { newId } from '../auth/tokens';
import { IDEMPOTENCY_KEY_PATTERN, type LeadRecord } from '../leads/lead-record';
import { validateLead } from '../leads/validate';
import { IdempotencyConflict, insertLeadWithin } from '../leads/store';
import { spoolLead, SpoolFullError } from '../leads/spool';
import { sharedRateLimitStore } from '../http/rate-limit-store';

export const LEAD_SUCCESS_MESSAGE =
  'Thank you! Your inquiry has been received. Our admissions team will contact you shortly.';
export const LEAD_RATE_LIMIT_MESSAGE =
  'Too many inquiries from your connection. Please wait a minute and try again.';
export const IDEMPOTENCY_KEY_MESSAGE =
  'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.';
export const IDEMPOTENCY_CONFLICT_MESSAGE =
  'This Idempotency-Key was already used for a different inquiry. Send a new key with a new inquiry.';
export const SPOOL_FULL_MESSAGE =
  'We are receiving more inquiries than we can hold during a brief outage. Please try again in a few minutes.';
export const LEAD_UNAVAILABLE_MESSAGE =
  'We could not save your inquiry just now. Please try again in a minute.';

function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return crypto.randomUUID();
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new HttpError(400, IDEMPOTENCY_KEY_MESSAGE, { status: 'error' });
  }
  return header;
}

/** Gives every error answer of this scope the widget's shape `{status:'error', message}`. */
async function errorShape(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  try {
    const body: unknown = JSON.parse(payload);
    if (body && typeof body === 'object' && !Array.isArray(body) && !('status' in body)) {
      return JSON.stringify({ status: 'error', ...body });
    }
  } catch {
    // not JSON: leave it alone
  }
  return payload;
}

/** The plugin's default: an IPv6 client is counted by its /64, which one household usually holds. */
const IPV6_SUBNET = 64;

const idempotencyConflict = () => new HttpError(422, IDEMPOTENCY_CONFLICT_MESSAGE, { status: 'error' });

async function storeLead(ctx: AppContext, request: FastifyRequest, lead: LeadRecord): Promise<void> {
  try {
    await insertLeadWithin(ctx.db.pool, lead);
    ctx.metrics.leadsCreated.inc();
    ctx.mailer.kick(); // its notifications are queued and sent by the mail worker
    return;
  } catch (error) {
    if (error instanceof IdempotencyConflict) throw idempotencyConflict();
    if (!isConnectionError(error)) throw error;
    request.log.warn({ err: error, idempotencyKey: lead.idempotency_key }, 'database unreachable; spooling lead');
  }
  try {
    await spoolLead(ctx.config.dataDir, lead, ctx.config.leadSpoolMax);
    ctx.metrics.leadsSpooled.inc();
  } catch (error) {
    if (error instanceof IdempotencyConflict) throw idempotencyConflict();
    if (error instanceof SpoolFullError) {
      request.log.error('lead spool is full during a database outage; refusing leads');
      throw new HttpError(503, SPOOL_FULL_MESSAGE, { status: 'error' });
    }
    request.log.error({ err: error }, 'lead spool write failed during a database outage');
    throw new HttpError(503, LEAD_UNAVAILABLE_MESSAGE, { status: 'error' });
  }
}

export function registerLeadRoutes(api: FastifyInstance, ctx: AppContext): void {
  // Its own scope, so the rate limit and the error shape apply to lead creation only.
  void api.register(async (scope) => {
    await scope.register(rateLimit, {
      max: ctx.config.leadsRateLimit ?? 10,
      timeWindow: 60_000,
      // Counted in the shared store so that every instance behind the proxy counts together; if
      // that store is down, the lead still goes through (to the database or the spool).
      ...sharedRateLimitStore(ctx.redis, () => ctx.db.pool, 'leads'),
      skipOnError: true,
      // A request whose connection already failed (broken framing) has no socket, hence no
      // request.ip: it is not counted (server/http/client-errors.ts answers and logs it).
      keyGenerator: (request) => (request.ip === undefined ? 'connection-gone' : normalizeIP(request.ip, IPV6_SUBNET)),
      allowList: (request) => request.ip === undefined,
      errorResponseBuilder: () => new HttpError(429, LEAD_RATE_LIMIT_MESSAGE, { status: 'error' }),
    });
    scope.addHook('onSend', errorShape);

    scope.post('/leads', async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request);
      const valid = validateLead(request.body, ctx.catalogue);
      const lead: LeadRecord = {
        id: newId(),
        idempotency_key: idempotencyKey,
        ...valid,
        created_at: new Date().toISOString(),
      };
      await storeLead(ctx, request, lead);
      const answer: LeadAnswer = { status: 'success', message: LEAD_SUCCESS_MESSAGE };
      return reply.status(201).header('Cache-Control', 'no-store').send(answer);
    });
  });
}
