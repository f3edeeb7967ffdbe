/**
 * POST /api/leads: the inquiry widget's lead creation (requirements R-lead-payload, R-wire). Validated, rate-limited per
 * client address, idempotent per `Idempotency-Key`, and never lost: when the database is down
 * the lead is spooled to disk and written later (server/leads/spool.ts).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { LeadAnswer } from '../../src/lead-schemas';
import { isConnectionError } from '../db/database';
import { HttpError } from '../http/errors';
import { newId } from '../auth/tokens';
import { IDEMPOTENCY_KEY_PATTERN, type LeadRecord } from './lead-record';
import { leadPayloadSchema, validateLead } from './validate';
import { errorAnswer, leadAnswer } from '../openapi/answers-public';
import type { ApiInstance, ZodTypeProvider } from '../routes/route-schema';
import type { Catalogue } from '../catalogue/catalogue';
import { IdempotencyConflict, insertLeadWithin } from './store';
import { spoolLead, SpoolFullError } from './spool';
import { sharedRateLimitStore } from '../http/rate-limit-store';
import { requestOrigin } from '../repeat/request-origin';

export const LEAD_SUCCESS_MESSAGE = 'Thank you! Your inquiry has been received. Our admissions team will contact you shortly.';
export const LEAD_RATE_LIMIT_MESSAGE = 'Too many inquiries from your connection. Please wait a minute and try again.';
export const IDEMPOTENCY_KEY_MESSAGE = 'The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.';
export const IDEMPOTENCY_CONFLICT_MESSAGE =
  'This Idempotency-Key was already used for a different inquiry. Send a new key with a new inquiry.';
export const SPOOL_FULL_MESSAGE =
  'We are receiving more inquiries than we can hold during a brief outage. Please try again in a few minutes.';
export const LEAD_UNAVAILABLE_MESSAGE = 'We could not save your inquiry just now. Please try again in a minute.';

/** The inquiry form's body as the widget sends it; the API test fills in a course from the live catalogue. */
export const leadExample = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+14165550123',
  lead_type: 1,
  address: '',
  source: 1,
  course_id: '',
  course_type: '',
  location: 1,
  financial_aid: false,
  utm_source: 'newsletter',
};

function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return crypto.randomUUID();
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new HttpError(400, IDEMPOTENCY_KEY_MESSAGE, { status: 'error' });
  }
  return header;
}

/** The key is checked before the body, so a bad key is answered as such whatever the body holds. */
async function checkIdempotencyKey(request: FastifyRequest): Promise<void> {
  idempotencyKeyOf(request);
}

/**
 * The lead's body is validated against the schema and the live catalogue at once, so one answer
 * names every problem (server/leads/validate.ts); the route's schema describes and types it.
 */
const leadValidator =
  (catalogue: Catalogue): FastifySchemaCompiler<unknown> =>
  () =>
  (body: unknown) => {
    const result = validateLead(body, catalogue);
    return result.ok ? { value: result.lead } : { error: result.error };
  };

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
    ctx.leadLife.announce().catch(() => undefined); // its follow-up: repeat check, notifications, assignment, sequences
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

export function registerLeadRoutes(api: ApiInstance, ctx: AppContext): void {
  // Its own scope, so the rate limit and the error shape apply to lead creation only.
  void api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
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

    scope.post(
      '/leads',
      {
        config: { access: 'public' },
        schema: {
          summary: "Send an inquiry (the widget's form): rate-limited per address, idempotent per key",
          body: leadPayloadSchema,
          headerParams: [
            {
              name: 'Idempotency-Key',
              description: 'The same key with the same inquiry is accepted once; with another inquiry it is a 422.',
              schema: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
            },
          ],
          example: leadExample,
          response: { 201: leadAnswer, 422: errorAnswer, 429: errorAnswer },
        },
        preValidation: checkIdempotencyKey,
        validatorCompiler: leadValidator(ctx.catalogue),
      },
      async (request, reply) => {
        const lead: LeadRecord = {
          id: newId(),
          idempotency_key: idempotencyKeyOf(request),
          ...request.body,
          created_at: new Date().toISOString(),
          origin: requestOrigin(request.headers),
        };
        await storeLead(ctx, request, lead);
        const answer: LeadAnswer = { status: 'success', message: LEAD_SUCCESS_MESSAGE };
        return reply.status(201).header('Cache-Control', 'no-store').send(answer);
      },
    );
  });
}
