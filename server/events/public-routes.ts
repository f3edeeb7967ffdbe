/**
 * The public events API (issue 24, src/events-contract.ts eventPaths): upcoming events, one event
 * by id or slug, its .ics, registration (rate-limited per client address like POST /api/leads,
 * with its honeypot and validation) and the cancel link's two calls. Open to other origins
 * (server/http/cors.ts): partner pages register through the widget. The online link is never here.
 */
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import { z } from 'zod';
import type { AppContext } from '../context';
import { EVENT_KINDS, type EventKind } from '../../src/events-contract';
import { HttpError } from '../http/errors';
import { Forbidden, InvalidInput } from '../domain-errors';
import { sharedRateLimitStore } from '../http/rate-limit-store';
import { requestOrigin } from '../repeat/request-origin';
import { errorAnswer } from '../openapi/answers-public';
import { calendarFileAnswer, publicEventAnswer, publicEventListAnswer, registrationAnswer, registrationByTokenAnswer } from './answers';
import { eventRowOf, upcomingEvents } from './public-events';
import { publicEvent } from './event-rows';
import { eventCalendar } from './event-calendar';
import { registerForEvent } from './register';
import { registrationSchema, validateRegistration } from './registration-input';
import { cancelByToken, confirmByToken, registrationByToken } from './registration-cancel';
import { fromThisSite } from '../http/same-site';
import { firstProblemValidator, idParams, type ApiInstance, type ZodTypeProvider } from '../routes/route-schema';

export const EVENTS_RATE_LIMIT_MESSAGE = 'Too many registrations from your connection. Please wait a minute and try again.';
export const EVENT_FILTER_MESSAGE = 'Please choose a program and a kind of event from the lists.';

/** Public answers may be kept briefly: seats change, but a registration answers the fresh event. */
const PUBLIC_CACHE = 'public, max-age=15';

const listQuery = z.object({
  course: z.union([z.literal(''), z.string().regex(/^[0-9a-f]{24}$/)], { error: EVENT_FILTER_MESSAGE }).optional(),
  kind: z.union([z.literal(''), z.literal(EVENT_KINDS.map((k): EventKind => k.id))], { error: EVENT_FILTER_MESSAGE }).optional(),
});
const slugParams = z.object({ slug: z.string() });
const tokenParams = z.object({ token: z.string() });
export const CONFIRM_ELSEWHERE_MESSAGE = 'Please confirm your place on the page your e-mail links to.';

/** One answer names every problem of the form (registration-input.ts). */
const registrationValidator =
  (ctx: AppContext): FastifySchemaCompiler<unknown> =>
  () =>
  (body: unknown) => {
    try {
      return { value: validateRegistration(body, ctx.catalogue) };
    } catch (error) {
      if (error instanceof InvalidInput) return { error };
      throw error;
    }
  };

const IPV6_SUBNET = 64;

export function registerEventRoutes(api: ApiInstance, ctx: AppContext): void {
  api.get(
    '/events',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Upcoming events (not ended, not cancelled), soonest first; by program and kind',
        querystring: listQuery,
        response: { 200: publicEventListAnswer },
      },
    },
    async (request, reply) => {
      const { course, kind } = request.query;
      const events = await upcomingEvents(ctx.db.pool, { course: course || undefined, kind: kind || undefined });
      return reply.header('Cache-Control', PUBLIC_CACHE).send({ events });
    },
  );
  api.get(
    '/events/:id',
    {
      config: { access: 'public' },
      schema: { summary: 'One event', params: idParams, response: { 200: publicEventAnswer, 404: errorAnswer } },
    },
    async (request, reply) =>
      reply.header('Cache-Control', PUBLIC_CACHE).send(publicEvent(await eventRowOf(ctx.db.pool, { id: request.params.id }), new Date())),
  );
  api.get(
    '/events/slug/:slug',
    {
      config: { access: 'public' },
      schema: { summary: 'One event by its address', params: slugParams, response: { 200: publicEventAnswer, 404: errorAnswer } },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', PUBLIC_CACHE)
        .send(publicEvent(await eventRowOf(ctx.db.pool, { slug: request.params.slug }), new Date())),
  );
  api.get(
    '/events/:id/calendar.ics',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The event as an .ics file (RFC 5545)',
        params: idParams,
        response: { 200: calendarFileAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const row = await eventRowOf(ctx.db.pool, { id: request.params.id });
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${row.slug}.ics"`)
        .header('Cache-Control', PUBLIC_CACHE)
        .send(eventCalendar(row, { siteUrl: ctx.config.siteUrl }));
    },
  );
  api.get(
    '/events/registrations/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: "A registration by its cancel link's token (no sign-in)",
        params: tokenParams,
        response: { 200: registrationByTokenAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await registrationByToken(ctx.db.pool, request.params.token)),
  );
  api.post(
    '/events/registrations/:token/cancel',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Cancel a registration by its token (idempotent); a freed seat goes to the first on the waitlist',
        params: tokenParams,
        response: { 200: registrationByTokenAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request, reply) => reply.header('Cache-Control', 'no-store').send(await cancelByToken(ctx, request.params.token)),
  );
  api.post(
    '/events/registrations/:token/confirm',
    {
      config: { access: 'public' },
      schema: {
        summary: "Confirm a held place from its link's page (idempotent): the address and every place it holds are confirmed",
        params: tokenParams,
        response: { 200: registrationByTokenAnswer, 403: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      // Only the link's own page may confirm: a page on another site cannot, with a leaked link.
      if (!fromThisSite(request)) throw new Forbidden(CONFIRM_ELSEWHERE_MESSAGE);
      return reply.header('Cache-Control', 'no-store').send(await confirmByToken(ctx.db.pool, request.params.token));
    },
  );

  // Its own scope, so the rate limit applies to registering only.
  void api.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(rateLimit, {
      max: ctx.config.leadsRateLimit ?? 10,
      timeWindow: 60_000,
      ...sharedRateLimitStore(ctx.redis, () => ctx.db.pool, 'event-registrations'),
      skipOnError: true,
      keyGenerator: (request: FastifyRequest) => (request.ip === undefined ? 'connection-gone' : normalizeIP(request.ip, IPV6_SUBNET)),
      allowList: (request: FastifyRequest) => request.ip === undefined,
      errorResponseBuilder: () => new HttpError(429, EVENTS_RATE_LIMIT_MESSAGE),
    });
    scope.post(
      '/events/:id/registrations',
      {
        config: { access: 'public' },
        schema: {
          summary: 'Register for an event: a seat while there are any, else the waitlist; the same e-mail answers its registration',
          params: idParams,
          body: registrationSchema,
          response: { 200: registrationAnswer, 201: registrationAnswer, 404: errorAnswer, 409: errorAnswer, 429: errorAnswer },
        },
        validatorCompiler: (route) => (route.httpPart === 'body' ? registrationValidator(ctx) : firstProblemValidator)(route),
      },
      async (request, reply) => {
        const result = await registerForEvent(ctx, request.params.id, request.body, {
          origin: requestOrigin(request.headers),
        });
        return reply
          .status(result.created ? 201 : 200)
          .header('Cache-Control', 'no-store')
          .send(result.answer);
      },
    );
  });
}
