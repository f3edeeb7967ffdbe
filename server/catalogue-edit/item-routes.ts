/**
 * Intakes of a course, announcements, the home banner's offers and the change log, under
 * /api/crm/catalogue (registered by editing-routes.ts inside its guards).
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { invalidField } from '../domain-errors';
import {
  announcementInputSchema,
  announcementSaveSchema,
  bannerOfferInputSchema,
  bannerOfferSaveSchema,
  changesQuerySchema,
  intakeInputSchema,
  intakeSaveSchema,
  versionQuerySchema,
} from './schemas';
import { announcements, bannerOffers, intakes } from './items';
import { editCatalogue } from './edit-transaction';
import { listChanges } from './change-log';
import { COURSE_NOT_FOUND_MESSAGE } from './course-store';
import { errorAnswer } from '../openapi/answers-public';
import {
  catalogueAnnouncementAnswer,
  catalogueAnnouncementListAnswer,
  catalogueBannerOfferAnswer,
  catalogueBannerOfferListAnswer,
  catalogueChangeListAnswer,
  catalogueConflicts,
  catalogueIntakeAnswer,
  catalogueIntakeListAnswer,
} from './answers';
import { noContentAnswer } from '../openapi/registry';
import { idParams, type ApiInstance } from '../routes/route-schema';

export const OFFER_COURSE_MESSAGE = 'Please choose an existing course for the offer.';

const by = (request: FastifyRequest) => staffOf(request).user._id;

/** The schema of a save of an existing item: its fields and version; 409 answers the item as it is now. */
export const saveSchema = <B extends z.ZodType, A extends z.ZodType, C extends z.ZodType>(
  summary: string,
  body: B,
  answer: A,
  conflict: C,
) => ({ summary, params: idParams, body, response: { 200: answer, 404: errorAnswer, 409: conflict } });

/** The schema of a removal (?version=N: the version read). */
export const removalSchema = <C extends z.ZodType>(summary: string, conflict: C) => ({
  summary,
  params: idParams,
  querystring: versionQuerySchema,
  response: { 204: noContentAnswer, 404: errorAnswer, 409: conflict },
});

async function courseExists(db: Queryable, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(id)) return false;
  return (await db.query('SELECT 1 FROM courses WHERE id = $1', [id])).rows.length > 0;
}

export function registerCatalogueItemRoutes(editing: ApiInstance, ctx: AppContext): void {
  editing.get(
    '/courses/:id/intakes',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: "A course's intakes", params: idParams, response: { 200: catalogueIntakeListAnswer, 404: errorAnswer } },
    },
    async (request) => {
      if (!(await courseExists(ctx.db.pool, request.params.id))) throw new HttpError(404, COURSE_NOT_FOUND_MESSAGE);
      return { intakes: await intakes.list(ctx.db.pool, 't.course_id = $1', [request.params.id]) };
    },
  );
  editing.post(
    '/courses/:id/intakes',
    {
      config: { access: 'catalogue_editor' },
      schema: {
        summary: 'Add an intake to a course',
        params: idParams,
        body: intakeInputSchema,
        response: { 201: catalogueIntakeAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (!(await courseExists(ctx.db.pool, request.params.id))) throw new HttpError(404, COURSE_NOT_FOUND_MESSAGE);
      return reply
        .status(201)
        .send(await editCatalogue(ctx, request, (client) => intakes.create(client, input, by(request), [request.params.id])));
    },
  );
  editing.put(
    '/intakes/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: saveSchema('Save an intake, naming the version read', intakeSaveSchema, catalogueIntakeAnswer, catalogueConflicts.intake),
    },
    async (request) => {
      const { version, ...input } = request.body;
      return editCatalogue(ctx, request, (client) => intakes.update(client, request.params.id, version, input, by(request)));
    },
  );
  editing.delete(
    '/intakes/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: removalSchema('Remove an intake (?version=N: the version read)', catalogueConflicts.intake),
    },
    async (request, reply) => {
      await editCatalogue(ctx, request, (client) => intakes.remove(client, request.params.id, request.query.version, by(request)));
      return reply.status(204).send();
    },
  );

  editing.get(
    '/announcements',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: 'Every announcement, newest first', response: { 200: catalogueAnnouncementListAnswer } },
    },
    async () => ({ announcements: await announcements.list(ctx.db.pool) }),
  );
  editing.post(
    '/announcements',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: 'Publish an announcement', body: announcementInputSchema, response: { 201: catalogueAnnouncementAnswer } },
    },
    async (request, reply) => {
      const input = request.body;
      return reply.status(201).send(await editCatalogue(ctx, request, (client) => announcements.create(client, input, by(request))));
    },
  );
  editing.put(
    '/announcements/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: saveSchema(
        'Save an announcement, naming the version read',
        announcementSaveSchema,
        catalogueAnnouncementAnswer,
        catalogueConflicts.announcement,
      ),
    },
    async (request) => {
      const { version, ...input } = request.body;
      return editCatalogue(ctx, request, (client) => announcements.update(client, request.params.id, version, input, by(request)));
    },
  );
  editing.delete(
    '/announcements/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: removalSchema('Remove an announcement (?version=N)', catalogueConflicts.announcement),
    },
    async (request, reply) => {
      await editCatalogue(ctx, request, (client) => announcements.remove(client, request.params.id, request.query.version, by(request)));
      return reply.status(204).send();
    },
  );

  const checkOfferCourse = async (courseId: string) => {
    if (!(await courseExists(ctx.db.pool, courseId))) throw invalidField('course_id', OFFER_COURSE_MESSAGE);
  };
  editing.get(
    '/banner-offers',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: "The home page banner's offers, in order", response: { 200: catalogueBannerOfferListAnswer } },
    },
    async () => ({ offers: await bannerOffers.list(ctx.db.pool) }),
  );
  editing.post(
    '/banner-offers',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: 'Add a banner offer for a course', body: bannerOfferInputSchema, response: { 201: catalogueBannerOfferAnswer } },
    },
    async (request, reply) => {
      const input = request.body;
      await checkOfferCourse(input.course_id);
      return reply.status(201).send(await editCatalogue(ctx, request, (client) => bannerOffers.create(client, input, by(request))));
    },
  );
  editing.put(
    '/banner-offers/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: saveSchema(
        'Save a banner offer, naming the version read',
        bannerOfferSaveSchema,
        catalogueBannerOfferAnswer,
        catalogueConflicts.bannerOffer,
      ),
    },
    async (request) => {
      const { version, ...input } = request.body;
      await checkOfferCourse(input.course_id);
      return editCatalogue(ctx, request, (client) => bannerOffers.update(client, request.params.id, version, input, by(request)));
    },
  );
  editing.delete(
    '/banner-offers/:id',
    { config: { access: 'catalogue_editor' }, schema: removalSchema('Remove a banner offer (?version=N)', catalogueConflicts.bannerOffer) },
    async (request, reply) => {
      await editCatalogue(ctx, request, (client) => bannerOffers.remove(client, request.params.id, request.query.version, by(request)));
      return reply.status(204).send();
    },
  );

  editing.get(
    '/changes',
    {
      config: { access: 'catalogue_editor' },
      schema: {
        summary: 'The change log: who changed what and when, for a kind of item or one item',
        querystring: changesQuerySchema,
        response: { 200: catalogueChangeListAnswer },
      },
    },
    async (request) => ({ changes: await listChanges(ctx.db.pool, request.query.kind, request.query.id) }),
  );
}
