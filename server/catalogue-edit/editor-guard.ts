/** Who may edit the catalogue: an admin, or a staff account an admin has made a catalogue editor. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { permissionGuard } from '../auth/guard';

export const EDITOR_ONLY_MESSAGE = 'Only an admin or a catalogue editor can edit the catalogue. Please ask an admin of the CRM for the editor permission.';

export const catalogueEditorGuard = (ctx: AppContext): preHandlerAsyncHookHandler => permissionGuard(ctx, 'catalogue_editor', EDITOR_ONLY_MESSAGE);
