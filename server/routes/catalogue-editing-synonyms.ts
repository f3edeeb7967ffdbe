/**
 * Search synonyms under /api/crm/catalogue/search-synonyms (registered by catalogue-editing.ts
 * inside its guards: admins and catalogue editors). A save is a catalogue change: logged, and
 * every instance's search reads the new list (editCatalogue bumps the catalogue version).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guard';
import { HttpError } from '../http/errors';
import { parseFields } from '../catalogue-edit/fields';
import { versionQuerySchema } from '../catalogue-edit/schemas';
import { editCatalogue, isUniqueViolation } from '../catalogue-edit/edit-transaction';
import {
  DUPLICATE_TERM_MESSAGE, searchSynonymInputSchema, searchSynonymSaveSchema, searchSynonyms,
} from '../catalogue-edit/search-synonyms';

type IdParams = { Params: { id: string } };
const by = (request: FastifyRequest) => staffOf(request).user._id;

/** The unique index on lower(term) decides; its violation becomes the term field's message. */
async function uniqueTerm<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(400, DUPLICATE_TERM_MESSAGE, { errors: { term: DUPLICATE_TERM_MESSAGE } });
    throw error;
  }
}

export function registerSearchSynonymRoutes(editing: FastifyInstance, ctx: AppContext): void {
  editing.get('/search-synonyms', async () => ({ synonyms: await searchSynonyms.list(ctx.db.pool) }));
  editing.post('/search-synonyms', async (request, reply) => {
    const input = parseFields(searchSynonymInputSchema, request.body);
    return reply.status(201).send(await uniqueTerm(() => editCatalogue(ctx, request, (client) => searchSynonyms.create(client, input, by(request)))));
  });
  editing.put<IdParams>('/search-synonyms/:id', async (request) => {
    const { version, ...input } = parseFields(searchSynonymSaveSchema, request.body);
    return uniqueTerm(() => editCatalogue(ctx, request, (client) => searchSynonyms.update(client, request.params.id, version, input, by(request))));
  });
  editing.delete<IdParams>('/search-synonyms/:id', async (request, reply) => {
    const { version } = parseFields(versionQuerySchema, request.query);
    await editCatalogue(ctx, request, (client) => searchSynonyms.remove(client, request.params.id, version, by(request)));
    return reply.status(204).send();
  });
}
