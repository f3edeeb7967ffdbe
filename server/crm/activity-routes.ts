/**
 * Follow-up work under /api/crm: a lead's timeline and notes, logging activities on a lead, the
 * to-do list (by owner and the seed's due filters) and changing or marking an activity done.
 */
import type { AppContext } from '../context';
import type { ActivityList, TimelineAnswer } from '../../src/crm-contract';
import { staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { activityChangeSchema, activityQuerySchema, newActivitySchema } from './activity-input';
import { activityCounts, changeActivity, createActivity, listActivities, ACTIVITY_NOT_FOUND_MESSAGE } from './activities-store';
import { addNote, noteSchema } from './lead-changes';
import { leadTimeline } from './timeline';
import { LEAD_NOT_FOUND_MESSAGE } from './leads-store';
import { errorAnswer, messageAnswer } from '../openapi/answers-public';
import { activityAnswer, activityListAnswer, timelineAnswer } from '../openapi/answers-staff';
import { idParams, type ApiInstance, typedScope } from '../routes/route-schema';

export function registerActivityRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/leads/:id/timeline',
        {
          config: { access: 'staff' },
          schema: {
            summary: "A lead's history: inquiry, notes, changes, activities",
            params: idParams,
            response: { 200: timelineAnswer, 404: errorAnswer },
          },
        },
        async (request): Promise<TimelineAnswer> => {
          const entries = await leadTimeline(ctx.db.pool, request.params.id);
          if (!entries) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return { entries };
        },
      );

      crm.post(
        '/leads/:id/notes',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Add a note to a lead',
            params: idParams,
            body: noteSchema,
            example: { text: 'Called back; wants the evening schedule.' },
            response: { 201: messageAnswer, 404: errorAnswer },
          },
        },
        async (request, reply) => {
          if (!(await addNote(ctx.db.pool, request.params.id, staffOf(request).user._id, request.body.text)))
            throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return reply.status(201).send({ message: 'Note added.' });
        },
      );

      crm.post(
        '/leads/:id/activities',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Plan a call, e-mail, meeting or task on a lead',
            params: idParams,
            body: newActivitySchema,
            example: { type: 1, subject: 'Call about the intake', due_at: '2030-01-15T14:00:00-05:00', owner_id: '<a staff id>' },
            response: { 201: activityAnswer, 404: errorAnswer },
          },
        },
        async (request, reply) => {
          const activity = await createActivity(ctx.db, request.params.id, staffOf(request).user._id, request.body);
          if (!activity) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return reply.status(201).send(activity);
        },
      );

      crm.get(
        '/activities',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Activities by owner, due filter and state, with overdue and due-today counts',
            querystring: activityQuerySchema,
            response: { 200: activityListAnswer },
          },
        },
        async (request): Promise<ActivityList> => {
          const { query } = request;
          const me = staffOf(request).user._id;
          const countsOwner = query.owner === 'all' ? null : query.owner === 'me' ? me : query.owner;
          const [activities, counts] = await Promise.all([
            listActivities(ctx.db.pool, query, me),
            activityCounts(ctx.db.pool, countsOwner),
          ]);
          return { activities, counts };
        },
      );

      crm.patch(
        '/activities/:id',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Change an activity or mark it done, naming the version read',
            params: idParams,
            body: activityChangeSchema,
            example: { version: 1, done: true },
            response: { 200: activityAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const me = staffOf(request).user._id;
          const activity = await changeActivity(ctx.db, request.params.id, me, request.body, staffOf(request).role === 'admin');
          if (!activity) throw new HttpError(404, ACTIVITY_NOT_FOUND_MESSAGE);
          return activity;
        },
      );
    }),
    { prefix: '/crm' },
  );
}
