/**
 * Every catalogue change runs here: in one transaction with its change-log row and the
 * notification to other instances; after the commit this process reloads its catalogue before
 * answering, so the editor's next look at the site already shows the change.
 */
import type { Queryable } from '../db/database';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { notifyCatalogueChanged } from '../catalogue';
import { withClientAddress } from '../audit/client-address';

/** `request`: whose address the audit log records beside each change (server/audit/). */
export async function editCatalogue<T>(ctx: AppContext, request: FastifyRequest, work: (client: Queryable) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (client) => {
    const value = await withClientAddress(client, request.ip, () => work(client));
    await notifyCatalogueChanged(client, ctx.catalogue);
    return value;
  });
  await ctx.catalogue.reload();
  return result;
}

/** A unique-index violation (two saves racing past the explicit check). */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';
