/**
 * Follow-up work under /api/crm: a lead's timeline and notes, logging activities on a lead, the
 * to-do list (by owner and the seed's due filters) and changing or marking an activity done.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { ActivityList, TimelineAnswer } from '../../src/crm-contract';
import { activeAccountGuard } from '../staff/account-status';
import { staffGuard, staffOf } from '../auth/guard';
import { HttpError, parseInput } from '../http/errors';
import { activityChangeSchema, activityQuerySchema, newActivitySchema } from '../crm/activity-input';
import { activityCounts, changeActivity, createActivity, listActivities, ACTIVITY_NOT_FOUND_MESSAGE } from '../crm/activities-store';
import { addNote, noteSchema } from '../crm/lead-changes';
import { leadTimeline } from '../crm/timeline';
import { LEAD_NOT_FOUND_MESSAGE } from './crm';
import { roleOf } from '../staff/staff-store';

type WithId = { Params: { id: string } };

export function registerActivityRoutes(api: FastifyInstance, ctx: AppContext): void {
  void api.register(
    async (crm) => {
      crm.addHook('preHandler', staffGuard(ctx));
      crm.addHook('preHandler', activeAccountGuard(ctx));

      crm.get<WithId>('/leads/:id/timeline', async (request): Promise<TimelineAnswer> => {
        const entries = await leadTimeline(ctx.db.pool, request.params.id);
        if (!entries) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
        return { entries };
      });

      crm.post<WithId>('/leads/:id/notes', async (request, reply) => {
        const { text } = parseInput(noteSchema, request.body);
        if (!(await addNote(ctx.db, request.params.id, staffOf(request).user._id, text))) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
        return reply.status(201).send({ message: 'Note added.' });
      });

      crm.post<WithId>('/leads/:id/activities', async (request, reply) => {
        const input = parseInput(newActivitySchema, request.body);
        const activity = await createActivity(ctx.db, request.params.id, staffOf(request).user._id, input);
        if (!activity) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
        return reply.status(201).send(activity);
      });

      crm.get('/activities', async (request): Promise<ActivityList> => {
        const query = parseInput(activityQuerySchema, request.query);
        const me = staffOf(request).user._id;
        const countsOwner = query.owner === 'all' ? null : query.owner === 'me' ? me : query.owner;
        const [activities, counts] = await Promise.all([
          listActivities(ctx.db.pool, query, me),
          activityCounts(ctx.db.pool, countsOwner),
        ]);
        return { activities, counts };
      });

      crm.patch<WithId>('/activities/:id', async (request) => {
        const change = parseInput(activityChangeSchema, request.body);
        const me = staffOf(request).user._id;
        const activity = await changeActivity(ctx.db, request.params.id, me, change, (await roleOf(ctx.db.pool, me)) === 'admin');
        if (!activity) throw new HttpError(404, ACTIVITY_NOT_FOUND_MESSAGE);
        return activity;
      });
    },
    { prefix: '/crm' },
  );
}
