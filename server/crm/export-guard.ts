/**
 * Least privilege for personal data (issue 21): exporting leads needs the "export" permission,
 * which an admin grants on the Staff page (`lead_exporter`); admins always have it. A preHandler
 * after staffGuard and activeAccountGuard; anyone else gets 403 with a message.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guard';
import { HttpError } from '../http/errors';

export const EXPORT_ONLY_MESSAGE = 'Exporting leads needs the export permission. Please ask an admin of the CRM to grant it on the Staff page.';

export function leadExportGuard(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const { rows } = await ctx.db.pool.query<{ allowed: boolean }>(
      `SELECT role = 'admin' OR lead_exporter AS allowed FROM users WHERE id = $1 AND status = 1`, [staffOf(request).user._id]);
    if (!rows[0]?.allowed) throw new HttpError(403, EXPORT_ONLY_MESSAGE);
  };
}
