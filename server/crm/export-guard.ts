/**
 * Least privilege for personal data (issue 21): exporting leads needs the "export" permission,
 * which an admin grants on the Staff page (`lead_exporter`); admins always have it.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { permissionGuard } from '../auth/guard';

export const EXPORT_ONLY_MESSAGE = 'Exporting leads needs the export permission. Please ask an admin of the CRM to grant it on the Staff page.';

export const leadExportGuard = (ctx: AppContext): preHandlerAsyncHookHandler => permissionGuard(ctx, 'lead_exporter', EXPORT_ONLY_MESSAGE);
