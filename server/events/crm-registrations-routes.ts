/**
 * The check-in screen's API and the events report under /api/crm (issue 24), for any signed-in
 * staff member: an event's registrations (searchable), checking a person in and undoing it, a
 * walk-in registered and checked in at once, and the funnel registered → attended → applied.
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import type { CrmRegistrationList, EventsReport } from '../../src/events-contract';
import { staffOf } from '../auth/guards';
import { errorAnswer } from '../openapi/answers-public';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';
import { crmRegistrationAnswer, crmRegistrationListAnswer, eventsReportAnswer } from './check-in-answers';
import { eventRegistrations } from './check-in-rows';
import { checkIn, undoCheckIn } from './check-in';
import { findCrmEvent } from './event-store';
import { eventsReport } from './report';
import { registerWalkIn } from './walk-ins';
import { registrationSchema, validateRegistration } from './registration-input';

export const SEARCH_MESSAGE = 'Please search with at most 100 characters.';

const registrationParams = z.object({ id: z.string(), registrationId: z.string() });
export const EARLY_FIELD_MESSAGE = 'Say whether this is an early check-in with true or false.';
/** `early: true` confirms a check-in before the event's day (server/events/check-in-day.ts). */
const earlyField = z.boolean({ error: EARLY_FIELD_MESSAGE }).default(false);
const checkInBody = z.object({ early: earlyField });
const walkInBody = registrationSchema.extend({ early: earlyField });
const searchQuery = z.object({ q: z.string({ error: SEARCH_MESSAGE }).max(100, { error: SEARCH_MESSAGE }).default('') });

const WALK_IN_EXAMPLE = {
  first_name: 'Jordan',
  last_name: 'Lee',
  email: 'jordan.lee@example.com',
  phone: '+14165550188',
  course_id: '',
  consent: false,
};

export function registerEventCheckInRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/events/report',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Events funnel over the last 12 months: registered, attended, applied, per event and per Toronto month',
            response: { 200: eventsReportAnswer },
          },
        },
        async (): Promise<EventsReport> => eventsReport(ctx.db.pool, new Date()),
      );

      crm.get(
        '/events/:id/registrations',
        {
          config: { access: 'staff' },
          schema: {
            summary: "An event's registrations for check-in: seats first, then the waitlist in order, then cancellations; q searches",
            params: idParams,
            querystring: searchQuery,
            response: { 200: crmRegistrationListAnswer, 400: errorAnswer, 404: errorAnswer },
          },
        },
        async (request): Promise<CrmRegistrationList> => {
          const event = await findCrmEvent(ctx.db.pool, request.params.id);
          return { event, registrations: await eventRegistrations(ctx.db.pool, event.id, request.query.q) };
        },
      );

      crm.post(
        '/events/:id/registrations/:registrationId/check-in',
        {
          config: { access: 'staff' },
          schema: {
            summary:
              "Check a person in (idempotent; a waitlisted person gets a seat at the door); before the event's day only with early: true",
            params: registrationParams,
            body: checkInBody,
            response: { 200: crmRegistrationAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const target = { eventId: request.params.id, registrationId: request.params.registrationId };
          const door = { early: request.body.early, ip: request.ip };
          return checkIn(ctx.db, ctx.jobs, target, staffOf(request).user._id, ctx.now(), door);
        },
      );

      crm.delete(
        '/events/:id/registrations/:registrationId/check-in',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Undo a check-in (idempotent): the attended entry is removed from the timeline',
            params: registrationParams,
            response: { 200: crmRegistrationAnswer, 404: errorAnswer },
          },
        },
        async (request) => {
          const target = { eventId: request.params.id, registrationId: request.params.registrationId };
          return undoCheckIn(ctx.db, ctx.jobs, target, new Date());
        },
      );

      crm.post(
        '/events/:id/walk-ins',
        {
          config: { access: 'staff' },
          // The door's form shows each field's message beside it.
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary:
              "Register a walk-in and check them in (an e-mail already registered is that registration, checked in); before the event's day only with early: true",
            params: idParams,
            body: walkInBody,
            example: WALK_IN_EXAMPLE,
            response: { 200: crmRegistrationAnswer, 201: crmRegistrationAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request, reply) => {
          const person = validateRegistration(request.body, ctx.catalogue);
          const door = { early: request.body.early, ip: request.ip };
          const result = await registerWalkIn(ctx, request.params.id, person, staffOf(request).user._id, ctx.now(), door);
          return reply.status(result.created ? 201 : 200).send(result.registration);
        },
      );
    }),
    { prefix: '/crm' },
  );
}
