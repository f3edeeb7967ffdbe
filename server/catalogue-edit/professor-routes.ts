/** The professors list under /api/crm/catalogue/professors (photos: photo-routes.ts). */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guards';
import { professorInputSchema, professorSaveSchema } from './schemas';
import { createProfessor, deleteProfessor, listProfessors, updateProfessor } from './professor-store';
import { editCatalogue } from './edit-transaction';
import { catalogueConflicts, catalogueProfessorAnswer, catalogueProfessorListAnswer } from './answers';
import { removalSchema, saveSchema } from './item-routes';
import type { ApiInstance } from '../routes/route-schema';

const by = (request: FastifyRequest) => staffOf(request).user._id;

export function registerProfessorRoutes(editing: ApiInstance, ctx: AppContext): void {
  editing.get(
    '/professors',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: 'Every professor, in display order', response: { 200: catalogueProfessorListAnswer } },
    },
    async () => ({ professors: await listProfessors(ctx.db.pool) }),
  );
  editing.post(
    '/professors',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: 'Add a professor', body: professorInputSchema, response: { 201: catalogueProfessorAnswer } },
    },
    async (request, reply) => {
      const input = request.body;
      return reply.status(201).send(await editCatalogue(ctx, request, (client) => createProfessor(client, input, by(request))));
    },
  );
  editing.put(
    '/professors/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: saveSchema(
        'Save a professor, naming the version read',
        professorSaveSchema,
        catalogueProfessorAnswer,
        catalogueConflicts.professor,
      ),
    },
    async (request) => {
      const { version, ...input } = request.body;
      return editCatalogue(ctx, request, (client) => updateProfessor(client, request.params.id, version, input, by(request)));
    },
  );
  editing.delete(
    '/professors/:id',
    { config: { access: 'catalogue_editor' }, schema: removalSchema('Remove a professor (?version=N)', catalogueConflicts.professor) },
    async (request, reply) => {
      await editCatalogue(ctx, request, (client) => deleteProfessor(client, request.params.id, request.query.version, by(request)));
      return reply.status(204).send();
    },
  );
}
