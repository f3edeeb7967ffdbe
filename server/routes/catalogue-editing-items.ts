/**
 * Intakes of a course, announcements, the home banner's offers and the change log, under
 * /api/crm/catalogue (registered by catalogue-editing.ts inside its guards).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { staffOf } from '../auth/guard';
import { HttpError } from '../http/errors';
import { parseFields } from '../catalogue-edit/fields';
import {
  announcementInputSchema, announcementSaveSchema, bannerOfferInputSchema, bannerOfferSaveSchema, changesQuerySchema,
  intakeInputSchema, intakeSaveSchema, versionQuerySchema,
} from '../catalogue-edit/schemas';
import { announcements, bannerOffers, intakes } from '../catalogue-edit/items';
import { editCatalogue } from '../catalogue-edit/edit-transaction';
import { listChanges } from '../catalogue-edit/change-log';
import { COURSE_NOT_FOUND_MESSAGE } from '../catalogue-edit/course-store';

export const OFFER_COURSE_MESSAGE = 'Please choose an existing course for the offer.';

type IdParams = { Params: { id: string } };
const by = (request: FastifyRequest) => staffOf(request).user._id;

async function courseExists(db: Queryable, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(id)) return false;
  return (await db.query('SELECT 1 FROM courses WHERE id = $1', [id])).rows.length > 0;
}

export function registerCatalogueItemRoutes(editing: FastifyInstance, ctx: AppContext): void {
  editing.get<IdParams>('/courses/:id/intakes', async (request) => {
    if (!(await courseExists(ctx.db.pool, request.params.id))) throw new HttpError(404, COURSE_NOT_FOUND_MESSAGE);
    return { intakes: await intakes.list(ctx.db.pool, 't.course_id = $1', [request.params.id]) };
  });
  editing.post<IdParams>('/courses/:id/intakes', async (request, reply) => {
    const input = parseFields(intakeInputSchema, request.body);
    if (!(await courseExists(ctx.db.pool, request.params.id))) throw new HttpError(404, COURSE_NOT_FOUND_MESSAGE);
    return reply.status(201).send(await editCatalogue(ctx, request, (client) => intakes.create(client, input, by(request), [request.params.id])));
  });
  editing.put<IdParams>('/intakes/:id', async (request) => {
    const { version, ...input } = parseFields(intakeSaveSchema, request.body);
    return editCatalogue(ctx, request, (client) => intakes.update(client, request.params.id, version, input, by(request)));
  });
  editing.delete<IdParams>('/intakes/:id', async (request, reply) => {
    const { version } = parseFields(versionQuerySchema, request.query);
    await editCatalogue(ctx, request, (client) => intakes.remove(client, request.params.id, version, by(request)));
    return reply.status(204).send();
  });

  editing.get('/announcements', async () => ({ announcements: await announcements.list(ctx.db.pool) }));
  editing.post('/announcements', async (request, reply) => {
    const input = parseFields(announcementInputSchema, request.body);
    return reply.status(201).send(await editCatalogue(ctx, request, (client) => announcements.create(client, input, by(request))));
  });
  editing.put<IdParams>('/announcements/:id', async (request) => {
    const { version, ...input } = parseFields(announcementSaveSchema, request.body);
    return editCatalogue(ctx, request, (client) => announcements.update(client, request.params.id, version, input, by(request)));
  });
  editing.delete<IdParams>('/announcements/:id', async (request, reply) => {
    const { version } = parseFields(versionQuerySchema, request.query);
    await editCatalogue(ctx, request, (client) => announcements.remove(client, request.params.id, version, by(request)));
    return reply.status(204).send();
  });

  const checkOfferCourse = async (courseId: string) => {
    if (!(await courseExists(ctx.db.pool, courseId))) throw new HttpError(400, OFFER_COURSE_MESSAGE, { errors: { course_id: OFFER_COURSE_MESSAGE } });
  };
  editing.get('/banner-offers', async () => ({ offers: await bannerOffers.list(ctx.db.pool) }));
  editing.post('/banner-offers', async (request, reply) => {
    const input = parseFields(bannerOfferInputSchema, request.body);
    await checkOfferCourse(input.course_id);
    return reply.status(201).send(await editCatalogue(ctx, request, (client) => bannerOffers.create(client, input, by(request))));
  });
  editing.put<IdParams>('/banner-offers/:id', async (request) => {
    const { version, ...input } = parseFields(bannerOfferSaveSchema, request.body);
    await checkOfferCourse(input.course_id);
    return editCatalogue(ctx, request, (client) => bannerOffers.update(client, request.params.id, version, input, by(request)));
  });
  editing.delete<IdParams>('/banner-offers/:id', async (request, reply) => {
    const { version } = parseFields(versionQuerySchema, request.query);
    await editCatalogue(ctx, request, (client) => bannerOffers.remove(client, request.params.id, version, by(request)));
    return reply.status(204).send();
  });

  editing.get('/changes', async (request) => {
    const query = parseFields(changesQuerySchema, request.query);
    return { changes: await listChanges(ctx.db.pool, query.kind, query.id) };
  });
}
