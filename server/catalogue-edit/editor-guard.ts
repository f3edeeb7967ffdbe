/**
 * Who may edit the catalogue: an admin, or a staff account an admin has made a catalogue editor.
 * A preHandler after staffGuard and activeAccountGuard; anyone else gets 403 with a message.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { staffOf } from '../auth/guard';
import { HttpError } from '../http/errors';

export const EDITOR_ONLY_MESSAGE = 'Only an admin or a catalogue editor can edit the catalogue. Please ask an admin of the CRM for the editor permission.';

export function catalogueEditorGuard(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const { rows } = await ctx.db.pool.query<{ allowed: boolean }>(
      `SELECT role = 'admin' OR catalogue_editor AS allowed FROM users WHERE id = $1 AND status = 1`, [staffOf(request).user._id]);
    if (!rows[0]?.allowed) throw new HttpError(403, EDITOR_ONLY_MESSAGE);
  };
}
