/** The professors list under /api/crm/catalogue/professors (photos: professor-photos.ts). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guard';
import { parseFields } from '../catalogue-edit/fields';
import { professorInputSchema, professorSaveSchema, versionQuerySchema } from '../catalogue-edit/schemas';
import { createProfessor, deleteProfessor, listProfessors, updateProfessor } from '../catalogue-edit/professor-store';
import { editCatalogue } from '../catalogue-edit/edit-transaction';

type IdParams = { Params: { id: string } };
const by = (request: FastifyRequest) => staffOf(request).user._id;

export function registerProfessorRoutes(editing: FastifyInstance, ctx: AppContext): void {
  editing.get('/professors', async () => ({ professors: await listProfessors(ctx.db.pool) }));
  editing.post('/professors', async (request, reply) => {
    const input = parseFields(professorInputSchema, request.body);
    return reply.status(201).send(await editCatalogue(ctx, request, (client) => createProfessor(client, input, by(request))));
  });
  editing.put<IdParams>('/professors/:id', async (request) => {
    const { version, ...input } = parseFields(professorSaveSchema, request.body);
    return editCatalogue(ctx, request, (client) => updateProfessor(client, request.params.id, version, input, by(request)));
  });
  editing.delete<IdParams>('/professors/:id', async (request, reply) => {
    const { version } = parseFields(versionQuerySchema, request.query);
    await editCatalogue(ctx, request, (client) => deleteProfessor(client, request.params.id, version, by(request)));
    return reply.status(204).send();
  });
}
