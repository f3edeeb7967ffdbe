/**
 * The CRM's events (issue 24) under /api/crm/events: any signed-in staff member lists and reads
 * them; admins and catalogue editors create, save (naming the version read: 409 when stale) and
 * cancel. Every write is one transaction with its audit entry (server/events/event-store.ts).
 */
import type { AppContext } from '../context';
import { auditWho } from '../audit/audit-log';
import { errorAnswer } from '../openapi/answers-public';
import { crmEventAnswer, crmEventListAnswer } from './answers';
import { eventInputSchema, eventSaveSchema } from './event-schemas';
import { cancelEvent, createEvent, findCrmEvent, listCrmEvents, updateEvent } from './event-store';
import { fieldErrorsValidator, idParams, type ApiInstance, typedScope } from '../routes/route-schema';

export const eventExample = {
  title: 'Cybersecurity information session',
  kind: 'info_session',
  starts_at: '2030-03-12T18:00:00-04:00',
  ends_at: '2030-03-12T19:30:00-04:00',
  place: { kind: 'campus', room: 'Room 701' },
  capacity: 40,
  course_ids: [],
  description: 'Meet the instructors, see the labs and ask about funding.',
  registration_open: true,
};

export function registerCrmEventRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/events',
        {
          config: { access: 'staff' },
          schema: { summary: 'Every event, newest start first, with its counts', response: { 200: crmEventListAnswer } },
        },
        async () => ({ events: await listCrmEvents(ctx.db.pool) }),
      );
      crm.get(
        '/events/:id',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'One event with everything an editor sets',
            params: idParams,
            response: { 200: crmEventAnswer, 404: errorAnswer },
          },
        },
        async (request) => findCrmEvent(ctx.db.pool, request.params.id),
      );
      crm.post(
        '/events',
        {
          config: { access: 'event_editor' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: 'Create an event (admins and catalogue editors); a start in the past needs confirm_past_date: true',
            body: eventInputSchema,
            example: eventExample,
            response: { 201: crmEventAnswer, 400: errorAnswer },
          },
        },
        async (request, reply) => {
          const event = await ctx.db.transaction((tx) => createEvent(tx, request.body, auditWho(request), ctx.now()));
          request.log.info({ eventId: event.id }, 'events: created');
          return reply.status(201).send(event);
        },
      );
      crm.put(
        '/events/:id',
        {
          config: { access: 'event_editor' },
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary:
              'Save an event, naming the version read (admins and catalogue editors); more seats promote the waitlist; a move to a start in the past needs confirm_past_date: true',
            params: idParams,
            body: eventSaveSchema,
            response: { 200: crmEventAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const { version, ...input } = request.body;
          const event = await ctx.db.transaction((tx) =>
            updateEvent(tx, ctx, request.params.id, version, input, auditWho(request), ctx.now()),
          );
          ctx.mailer.kick();
          return event;
        },
      );
      crm.post(
        '/events/:id/cancel',
        {
          config: { access: 'event_editor' },
          schema: {
            summary: 'Cancel an event (admins and catalogue editors): every registered and waitlisted person is told by mail',
            params: idParams,
            response: { 200: crmEventAnswer, 404: errorAnswer },
          },
        },
        async (request) => {
          const event = await ctx.db.transaction((tx) => cancelEvent(tx, ctx, request.params.id, auditWho(request)));
          ctx.mailer.kick();
          return event;
        },
      );
    }),
    { prefix: '/crm' },
  );
}
