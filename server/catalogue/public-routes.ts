/**
 * Public catalogue reads. Every answer comes pre-serialised from the in-memory catalogue, with
 * a short public cache lifetime and an ETag (304 when the client already has it).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { readCatalogue } from './public-read';
import { sendRepresentation } from '../http/send-representation';
import { HttpError } from '../http/errors';
import { MAX_PER_CATEGORY } from './bounded-answers';
import { publicApiPaths as paths } from '../../src/public-api';
import type { CourseTypeId, DeliveryModeId } from '../../src/lookups';
import { errorAnswer } from '../openapi/answers-public';
// The answers' schemas, written once (named for the API description by ./answer-components.ts).
import {
  announcementListSchema,
  bannerOfferListSchema,
  categorySchema,
  courseDetailSchema,
  courseGoneSchema,
  courseNamesSchema,
  courseOptionListSchema,
  courseSummaryListSchema,
  intakeListSchema,
  professorListSchema,
  programKpiListSchema,
} from '../../src/catalogue-schemas';
import type { ApiInstance } from '../routes/route-schema';

/** A query value that must be one of a few digits; the message names the allowed values. */
const choice = <T extends string>(values: readonly [T, ...T[]], message: string) => z.enum(values, { error: message });

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
  return z
    .string({ error: message })
    .regex(/^[1-9]\d*$/, message)
    .refine((value) => Number(value) <= max, message);
}

const optionalNumber = <T extends number>(value: string | undefined): T | null => (value ? (Number(value) as T) : null);

/** Every catalogue read is answered from memory; 404 when the path has no answer. */
const fromMemory = <S extends z.ZodType>(summary: string, ok: S) => ({
  summary,
  fromMemory: true,
  response: { 200: ok, 404: errorAnswer },
});

export function registerCatalogueRoutes(api: ApiInstance, ctx: AppContext): void {
  /** The answer at an API path, as the fast path and server rendering read it too (catalogue/public-read.ts). */
  const reply = (request: FastifyRequest, res: FastifyReply, path: string) => {
    const read = readCatalogue(ctx.catalogue, path);
    if (read.status !== 200) throw new HttpError(read.status, read.message, read.extra);
    return sendRepresentation(request, res, read.answer);
  };

  api.get(
    '/courses/names-website',
    {
      config: { access: 'public' },
      schema: {
        ...fromMemory('Course names for the menus: full-time (course_type=1) or part-time (2) shape', courseNamesSchema),
        querystring: courseNamesQuery,
      },
    },
    async (request, res) => {
      const { course_type } = request.query;
      return reply(request, res, paths.names(Number(course_type) as 1 | 2));
    },
  );

  api.get(
    '/courses',
    {
      config: { access: 'public' },
      schema: fromMemory("Every active course, lean: what the inquiry form's Course select needs", courseOptionListSchema),
    },
    async (request, res) => reply(request, res, paths.courses()),
  );

  api.get(
    '/courses/search',
    {
      config: { access: 'public' },
      schema: {
        ...fromMemory('Every active course of a course type, with summaries', courseSummaryListSchema),
        querystring: coursesOfTypeQuery,
      },
    },
    async (request, res) => {
      const { course_type, per_category } = request.query;
      return reply(request, res, paths.coursesOfType(Number(course_type) as CourseTypeId, per_category ? Number(per_category) : undefined));
    },
  );

  api.get<{ Params: { slug: string } }>(
    '/courses/slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        ...fromMemory('One course with its outline and upcoming intakes (410 once it is withdrawn)', courseDetailSchema),
        response: { 200: courseDetailSchema, 404: errorAnswer, 410: courseGoneSchema },
      },
    },
    async (request, res) => {
      // A withdrawn course answers 410 with where to look instead (catalogue/public-read.ts).
      return reply(request, res, paths.course(request.params.slug));
    },
  );

  for (const [path, summary] of [
    ['/categories/:courseType/:slug', 'A category and its courses'],
    ['/categories/:courseType/:slug/:subSlug', 'A sub-category and its courses'],
  ] as const) {
    api.get(
      path,
      {
        config: { access: 'public' },
        schema: { ...fromMemory(summary, categorySchema), params: categoryParams, querystring: pageQuery },
      },
      async (request, res) => {
        const { courseType, slug, subSlug } = request.params;
        const { page } = request.query;
        return reply(request, res, paths.category(Number(courseType) as CourseTypeId, slug, subSlug, page ? Number(page) : undefined));
      },
    );
  }

  api.get(
    '/intakes/next',
    { config: { access: 'public' }, schema: fromMemory('The next few intakes of any course', intakeListSchema) },
    async (request, res) => reply(request, res, paths.nextIntakes()),
  );

  api.get(
    '/intakes',
    {
      config: { access: 'public' },
      schema: { ...fromMemory('Upcoming intakes, by course type and delivery mode', intakeListSchema), querystring: intakesQuery },
    },
    async (request, res) => {
      const query = request.query;
      return reply(
        request,
        res,
        paths.intakes(optionalNumber<CourseTypeId>(query.course_type), optionalNumber<DeliveryModeId>(query.delivery_mode)),
      );
    },
  );

  api.get(
    '/announcements',
    {
      config: { access: 'public' },
      schema: { ...fromMemory('Announcements, newest first, ten a page', announcementListSchema), querystring: pageQuery },
    },
    async (request, res) => {
      const { page } = request.query;
      return reply(request, res, paths.announcements(page ? Number(page) : undefined));
    },
  );
  api.get(
    '/banner-offers',
    { config: { access: 'public' }, schema: fromMemory("The home page banner's offers", bannerOfferListSchema) },
    async (request, res) => reply(request, res, paths.bannerOffers()),
  );
  api.get(
    '/professors',
    {
      config: { access: 'public' },
      schema: fromMemory('The professors, in display order (sample profiles are marked)', professorListSchema),
    },
    async (request, res) => reply(request, res, paths.professors()),
  );
  api.get(
    '/kpi',
    { config: { access: 'public' }, schema: fromMemory('Ontario KPI results of every vocational program', programKpiListSchema) },
    async (request, res) => reply(request, res, paths.kpi()),
  );
}
