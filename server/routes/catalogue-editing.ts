/**
 * The CRM's catalogue editing under /api/crm/catalogue (src/crm-catalogue-contract.ts): courses and
 * programs, categories; intakes, announcements, banner offers, the change log
 * (catalogue-editing-items.ts); professors and their photos (catalogue-editing-professors.ts); search
 * synonyms (catalogue-editing-synonyms.ts).
 * Admins and catalogue editors only. Bodies may be larger than the API's usual 16 KB.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { CatalogueCourse } from '../../src/crm-catalogue-contract';
import { staffGuard, staffOf } from '../auth/guard';
import { activeAccountGuard } from '../staff/account-status';
import { HttpError } from '../http/errors';
import { catalogueEditorGuard } from '../catalogue-edit/editor-guard';
import { parseFields } from '../catalogue-edit/fields';
import {
  categoryInputSchema, categorySaveSchema, courseInputSchema, courseListQuerySchema, courseSaveSchema,
} from '../catalogue-edit/schemas';
import { COURSE_NOT_FOUND_MESSAGE, createCourse, findCourse, listCourses, updateCourse } from '../catalogue-edit/course-store';
import { createCategory, listCategories, updateCategory } from '../catalogue-edit/category-store';
import { editCatalogue } from '../catalogue-edit/edit-transaction';
import { registerCatalogueItemRoutes } from './catalogue-editing-items';
import { registerProfessorRoutes } from './catalogue-editing-professors';
import { registerSearchSynonymRoutes } from './catalogue-editing-synonyms';
import { registerProfessorPhotoUpload } from './professor-photos';

/** A course with its content, outline and description fits easily; a pasted novel does not. */
export const CATALOGUE_BODY_LIMIT_BYTES = 64 * 1024;

type IdParams = { Params: { id: string } };

export function registerCatalogueEditingRoutes(api: FastifyInstance, ctx: AppContext): void {
  void api.register(
    async (editing) => {
      editing.addHook('onRoute', (route) => {
        route.bodyLimit ??= CATALOGUE_BODY_LIMIT_BYTES;
      });
      editing.addHook('preHandler', staffGuard(ctx));
      editing.addHook('preHandler', activeAccountGuard(ctx));
      editing.addHook('preHandler', catalogueEditorGuard(ctx));
      const by = (request: FastifyRequest) => staffOf(request).user._id;

      editing.get('/courses', async (request) => {
        const query = parseFields(courseListQuerySchema, request.query);
        return listCourses(ctx.db.pool, {
          q: query.q, courseType: query.course_type ? Number(query.course_type) : null,
          status: query.status ? Number(query.status) : null, page: query.page ?? 1,
        });
      });

      editing.get<IdParams>('/courses/:id', async (request): Promise<CatalogueCourse> => {
        const course = await findCourse(ctx.db.pool, request.params.id);
        if (!course) throw new HttpError(404, COURSE_NOT_FOUND_MESSAGE);
        return course;
      });

      editing.post('/courses', async (request, reply) => {
        const input = parseFields(courseInputSchema, request.body);
        const course = await editCatalogue(ctx, request, (client) => createCourse(client, input, by(request)));
        request.log.info({ courseId: course._id }, 'catalogue: course created');
        return reply.status(201).send(course);
      });

      editing.put<IdParams>('/courses/:id', async (request) => {
        const { version, ...input } = parseFields(courseSaveSchema, request.body);
        const course = await editCatalogue(ctx, request, (client) => updateCourse(client, request.params.id, version, input, by(request)));
        request.log.info({ courseId: course._id, version: course.version }, 'catalogue: course saved');
        return course;
      });

      editing.get('/categories', async () => ({ categories: await listCategories(ctx.db.pool) }));

      editing.post('/categories', async (request, reply) => {
        const input = parseFields(categoryInputSchema, request.body);
        const category = await editCatalogue(ctx, request, (client) => createCategory(client, input, by(request)));
        return reply.status(201).send(category);
      });

      editing.put<IdParams>('/categories/:id', async (request) => {
        const { version, ...input } = parseFields(categorySaveSchema, request.body);
        return editCatalogue(ctx, request, (client) => updateCategory(client, request.params.id, version, input, by(request)));
      });

      registerCatalogueItemRoutes(editing, ctx);
      registerProfessorRoutes(editing, ctx);
      registerSearchSynonymRoutes(editing, ctx);
      registerProfessorPhotoUpload(editing, ctx);
    },
    { prefix: '/crm/catalogue' },
  );
}
