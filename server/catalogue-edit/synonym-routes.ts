/**
 * Search synonyms under /api/crm/catalogue/search-synonyms (registered by editing-routes.ts
 * inside its guards: admins and catalogue editors). A save is a catalogue change: logged, and
 * every instance's search reads the new list (editCatalogue bumps the catalogue version).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guards';
import { invalidField } from '../domain-errors';
import { editCatalogue, isUniqueViolation } from './edit-transaction';
import { DUPLICATE_TERM_MESSAGE, searchSynonymInputSchema, searchSynonymSaveSchema, searchSynonyms } from './search-synonyms';
import { catalogueConflicts, catalogueSearchSynonymAnswer, catalogueSearchSynonymListAnswer } from './answers';
import { removalSchema, saveSchema } from './item-routes';
import type { ApiInstance } from '../routes/route-schema';

const by = (request: FastifyRequest) => staffOf(request).user._id;

/** The unique index on lower(term) decides; its violation becomes the term field's message. */
async function uniqueTerm<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidField('term', DUPLICATE_TERM_MESSAGE);
    throw error;
  }
}

export function registerSearchSynonymRoutes(editing: ApiInstance, ctx: AppContext): void {
  editing.get(
    '/search-synonyms',
    {
      config: { access: 'catalogue_editor' },
      schema: {
        summary: 'The search synonyms: what students type, and what the catalogue calls it',
        response: { 200: catalogueSearchSynonymListAnswer },
      },
    },
    async () => ({ synonyms: await searchSynonyms.list(ctx.db.pool) }),
  );
  editing.post(
    '/search-synonyms',
    {
      config: { access: 'catalogue_editor' },
      schema: { summary: 'Add a search synonym', body: searchSynonymInputSchema, response: { 201: catalogueSearchSynonymAnswer } },
    },
    async (request, reply) => {
      const input = request.body;
      return reply
        .status(201)
        .send(await uniqueTerm(() => editCatalogue(ctx, request, (client) => searchSynonyms.create(client, input, by(request)))));
    },
  );
  editing.put(
    '/search-synonyms/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: saveSchema(
        'Save a search synonym, naming the version read',
        searchSynonymSaveSchema,
        catalogueSearchSynonymAnswer,
        catalogueConflicts.searchSynonym,
      ),
    },
    async (request) => {
      const { version, ...input } = request.body;
      return uniqueTerm(() =>
        editCatalogue(ctx, request, (client) => searchSynonyms.update(client, request.params.id, version, input, by(request))),
      );
    },
  );
  editing.delete(
    '/search-synonyms/:id',
    {
      config: { access: 'catalogue_editor' },
      schema: removalSchema('Remove a search synonym (?version=N)', catalogueConflicts.searchSynonym),
    },
    async (request, reply) => {
      await editCatalogue(ctx, request, (client) => searchSynonyms.remove(client, request.params.id, request.query.version, by(request)));
      return reply.status(204).send();
    },
  );
}
