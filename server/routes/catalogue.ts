/**
 * Public catalogue reads. Every answer comes pre-serialised from the in-memory catalogue, with
 * a short public cache lifetime and an ETag (304 when the client already has it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { catalogueKeys, type JsonAnswer } from '../catalogue/catalogue';
import { CATALOGUE_CACHE_CONTROL, chooseRepresentation, etagMatches } from '../catalogue/json-answer';
import { HttpError, parseInput } from '../http/errors';
import { MAX_PER_CATEGORY } from '../catalogue/bounded-answers';
import { COURSE_GONE_MESSAGE } from '../catalogue/site-addresses';
import type { CourseTypeId, DeliveryModeId } from '../../src/lookups';

/** A query value that must be one of a few digits; the message names the allowed values. */
const choice = <T extends string>(values: readonly [T, ...T[]], message: string) =>
  z.enum(values, { error: message });

export const courseNamesQuery = z.object({
  course_type: choice(['1', '2'], 'course_type must be 1 (Full Time) or 2 (Part Time).'),
});
export const coursesOfTypeQuery = z.object({
  course_type: choice(['1', '2', '3'], 'course_type must be 1 (Full Time), 2 (Part Time) or 3 (Others).'),
  per_category: wholeNumber('per_category', MAX_PER_CATEGORY).optional(),
});
export const pageQuery = z.object({ page: wholeNumber('page', 100_000).optional() });
export const intakesQuery = z.object({
  course_type: choice(['', '1', '2', '3'], 'course_type must be 1 (Full Time), 2 (Part Time) or 3 (Others), or left out.').optional(),
  delivery_mode: choice(['', '1', '2'], 'delivery_mode must be 1 (On Campus) or 2 (Online), or left out.').optional(),
});
export const categoryParams = z.object({
  courseType: choice(['1', '2'], 'The course type in a category address must be 1 (Full Time) or 2 (Part Time).'),
  slug: z.string(),
  subSlug: z.string().optional(),
});

/** A whole number from 1 to `max` written plainly (as the catalogue keys it: no sign, no leading zero). */
function wholeNumber(name: string, max: number) {
  const message = `${name} must be a whole number from 1 to ${max}.`;
  return z.string({ error: message }).regex(/^[1-9]\d*$/, message).refine((value) => Number(value) <= max, message);
}

const optionalNumber = <T extends number>(value: string | undefined): T | null => (value ? (Number(value) as T) : null);

export function sendJsonAnswer(request: FastifyRequest, reply: FastifyReply, answer: JsonAnswer): FastifyReply {
  const chosen = chooseRepresentation(answer, request.headers['accept-encoding']);
  reply
    .header('Content-Type', 'application/json; charset=utf-8')
    .header('Cache-Control', CATALOGUE_CACHE_CONTROL)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', chosen.etag);
  if (chosen.encoding) reply.header('Content-Encoding', chosen.encoding);
  if (etagMatches(request.headers['if-none-match'], chosen.etag)) return reply.status(304).send();
  return reply.send(chosen.body);
}

export function registerCatalogueRoutes(api: FastifyInstance, ctx: AppContext): void {
  const reply = (request: FastifyRequest, res: FastifyReply, key: string, notFound: string) => {
    const answer = ctx.catalogue.answer(key);
    if (!answer) throw new HttpError(404, notFound);
    return sendJsonAnswer(request, res, answer);
  };

  api.get('/courses/names-website', async (request, res) => {
    const { course_type } = parseInput(courseNamesQuery, request.query);
    return reply(request, res, catalogueKeys.names(Number(course_type) as 1 | 2), 'The course list is not available.');
  });

  api.get('/courses', async (request, res) => reply(request, res, catalogueKeys.courses(), 'The course list is not available.'));

  api.get('/courses/search', async (request, res) => {
    const { course_type, per_category } = parseInput(coursesOfTypeQuery, request.query);
    const key = catalogueKeys.coursesOfType(Number(course_type) as CourseTypeId) + (per_category ? `&per_category=${per_category}` : '');
    return reply(request, res, key, 'The course list is not available.');
  });

  api.get<{ Params: { slug: string } }>('/courses/slug/:slug', async (request, res) => {
    const gone = ctx.catalogue.goneCourseBySlug(request.params.slug);
    if (gone) throw new HttpError(410, COURSE_GONE_MESSAGE, { course_name: gone.course_name, listing: gone.listing });
    return reply(request, res, catalogueKeys.course(request.params.slug), 'We could not find that course. It may have been renamed or withdrawn.');
  });

  const category = async (request: FastifyRequest, res: FastifyReply) => {
    const params = parseInput(categoryParams, request.params);
    const { page } = parseInput(pageQuery, request.query);
    const key = catalogueKeys.category(Number(params.courseType) as CourseTypeId, params.slug, params.subSlug) + (page ? `?page=${page}` : '');
    return reply(request, res, key, page ? 'That page of the category does not exist.' : 'We could not find that category.');
  };
  api.get('/categories/:courseType/:slug', category);
  api.get('/categories/:courseType/:slug/:subSlug', category);

  api.get('/intakes/next', async (request, res) => reply(request, res, catalogueKeys.nextIntakes(), 'The calendar is not available.'));

  api.get('/intakes', async (request, res) => {
    const query = parseInput(intakesQuery, request.query);
    const key = catalogueKeys.intakes(optionalNumber<CourseTypeId>(query.course_type), optionalNumber<DeliveryModeId>(query.delivery_mode));
    return reply(request, res, key, 'The calendar is not available.');
  });

  api.get('/announcements', async (request, res) => {
    const { page } = parseInput(pageQuery, request.query);
    return reply(request, res, catalogueKeys.announcements() + (page ? `?page=${page}` : ''), 'There are no announcements on that page.');
  });
  api.get('/banner-offers', async (request, res) => reply(request, res, catalogueKeys.bannerOffers(), 'No offers.'));
  api.get('/professors', async (request, res) => reply(request, res, catalogueKeys.professors(), 'The professors list is not available.'));
  api.get('/kpi', async (request, res) => reply(request, res, catalogueKeys.kpi(), 'The KPI figures are not available.'));
}
