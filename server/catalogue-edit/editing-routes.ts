/**
 * The CRM's catalogue editing under /api/crm/catalogue (src/crm-catalogue-contract.ts): courses and
 * programs, categories; intakes, announcements, banner offers, the change log
 * (item-routes.ts); professors (professor-routes.ts) and their photos (photo-routes.ts); search
 * synonyms (synonym-routes.ts).
 * Admins and catalogue editors only. Bodies may be larger than the API's usual 16 KB.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { CatalogueCourse } from '../../src/crm-catalogue-contract';
import { staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { categoryInputSchema, categorySaveSchema, courseInputSchema, courseListQuerySchema, courseSaveSchema } from './schemas';
import { COURSE_NOT_FOUND_MESSAGE, createCourse, findCourse, listCourses, updateCourse } from './course-store';
import { createCategory, listCategories, updateCategory } from './category-store';
import { editCatalogue } from './edit-transaction';
import { errorAnswer } from '../openapi/answers-public';
import {
  catalogueCategoryAnswer,
  catalogueCategoryListAnswer,
  catalogueConflicts,
  catalogueCourseAnswer,
  catalogueCourseListAnswer,
} from './answers';
import { courseSaveExample } from '../openapi/examples';
import { fieldErrorsValidator, idParams, type ApiInstance, type ZodTypeProvider } from '../routes/route-schema';
import { registerCatalogueItemRoutes } from './item-routes';
import { registerProfessorRoutes } from './professor-routes';
import { registerSearchSynonymRoutes } from './synonym-routes';
import { registerProfessorPhotoUpload } from './photo-routes';

/** A course with its content, outline and description fits easily; a pasted novel does not. */
export const CATALOGUE_BODY_LIMIT_BYTES = 64 * 1024;

export function registerCatalogueEditingRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    async (scope) => {
      const editing = scope.withTypeProvider<ZodTypeProvider>();
      editing.addHook('onRoute', (route) => {
        route.bodyLimit ??= CATALOGUE_BODY_LIMIT_BYTES;
      });
      // The CRM's forms show each message beside its field.
      editing.setValidatorCompiler(fieldErrorsValidator);
      const by = (request: FastifyRequest) => staffOf(request).user._id;

      editing.get(
        '/courses',
        {
          config: { access: 'catalogue_editor' },
          schema: {
            summary: 'Courses and programs to edit: searched, filtered, paged',
            querystring: courseListQuerySchema,
            response: { 200: catalogueCourseListAnswer },
          },
        },
        async (request) => {
          const { query } = request;
          return listCourses(ctx.db.pool, {
            q: query.q,
            courseType: query.course_type ? Number(query.course_type) : null,
            status: query.status ? Number(query.status) : null,
            page: query.page ?? 1,
          });
        },
      );

      editing.get(
        '/courses/:id',
        {
          config: { access: 'catalogue_editor' },
          schema: {
            summary: 'One course with everything an editor sets',
            params: idParams,
            response: { 200: catalogueCourseAnswer, 404: errorAnswer },
          },
        },
        async (request): Promise<CatalogueCourse> => {
          const course = await findCourse(ctx.db.pool, request.params.id);
          if (!course) throw new HttpError(404, COURSE_NOT_FOUND_MESSAGE);
          return course;
        },
      );

      editing.post(
        '/courses',
        {
          config: { access: 'catalogue_editor' },
          schema: { summary: 'Add a course or program', body: courseInputSchema, response: { 201: catalogueCourseAnswer } },
        },
        async (request, reply) => {
          const input = request.body;
          const course = await editCatalogue(ctx, request, (client) => createCourse(client, input, by(request)));
          request.log.info({ courseId: course._id }, 'catalogue: course created');
          return reply.status(201).send(course);
        },
      );

      editing.put(
        '/courses/:id',
        {
          config: { access: 'catalogue_editor' },
          schema: {
            summary: 'Save a course, naming the version read (a new slug leaves a redirect behind)',
            params: idParams,
            body: courseSaveSchema,
            example: courseSaveExample,
            response: { 200: catalogueCourseAnswer, 404: errorAnswer, 409: catalogueConflicts.course },
          },
        },
        async (request) => {
          const { version, ...input } = request.body;
          const course = await editCatalogue(ctx, request, (client) =>
            updateCourse(client, request.params.id, version, input, by(request)),
          );
          request.log.info({ courseId: course._id, version: course.version }, 'catalogue: course saved');
          return course;
        },
      );

      editing.get(
        '/categories',
        {
          config: { access: 'catalogue_editor' },
          schema: { summary: 'Every category and sub-category', response: { 200: catalogueCategoryListAnswer } },
        },
        async () => ({ categories: await listCategories(ctx.db.pool) }),
      );

      editing.post(
        '/categories',
        {
          config: { access: 'catalogue_editor' },
          schema: { summary: 'Add a category or sub-category', body: categoryInputSchema, response: { 201: catalogueCategoryAnswer } },
        },
        async (request, reply) => {
          const input = request.body;
          const category = await editCatalogue(ctx, request, (client) => createCategory(client, input, by(request)));
          return reply.status(201).send(category);
        },
      );

      editing.put(
        '/categories/:id',
        {
          config: { access: 'catalogue_editor' },
          schema: {
            summary: 'Save a category, naming the version read',
            params: idParams,
            body: categorySaveSchema,
            response: { 200: catalogueCategoryAnswer, 404: errorAnswer, 409: catalogueConflicts.category },
          },
        },
        async (request) => {
          const { version, ...input } = request.body;
          return editCatalogue(ctx, request, (client) => updateCategory(client, request.params.id, version, input, by(request)));
        },
      );

      registerCatalogueItemRoutes(editing, ctx);
      registerProfessorRoutes(editing, ctx);
      registerSearchSynonymRoutes(editing, ctx);
      registerProfessorPhotoUpload(editing, ctx);
    },
    { prefix: '/crm/catalogue' },
  );
}
