/**
 * The audit log under /api/crm/audit, for admins only (403 for anyone else): a filtered page
 * (person, action, Toronto days from/to), and the same filters as CSV; an export of the log is
 * itself recorded in the log before the file is sent.
 */
import type { AppContext } from '../context';
import type { AuditPage } from '../../src/audit-contract';
import { auditQuerySchema } from './audit-query';
import { auditCsv, listAudit } from './audit-store';
import { sendRecordedExport } from './recorded-export';
import { auditPageAnswer } from './answers';
import { csvFileAnswer } from '../openapi/answers-staff';
import type { ApiInstance, ZodTypeProvider } from '../routes/route-schema';

export function registerAuditRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    async (scope) => {
      const audit = scope.withTypeProvider<ZodTypeProvider>();

      audit.get(
        '/audit',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'The audit log: sign-ins, permission changes, exports, catalogue and settings changes, newest first',
            querystring: auditQuerySchema,
            response: { 200: auditPageAnswer },
          },
        },
        async (request): Promise<AuditPage> => listAudit(ctx.db.pool, request.query),
      );

      audit.get(
        '/audit.csv',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'The audit log with the same filters, as a CSV file (the export is itself recorded)',
            querystring: auditQuerySchema,
            response: { 200: csvFileAnswer },
          },
        },
        async (request, reply) => {
          const { query } = request;
          const { csv, rows } = await auditCsv(ctx.db.pool, query);
          return sendRecordedExport(ctx.db.pool, request, reply, { action: 'audit.exported', query, csv, rows, fileName: 'audit-log' });
        },
      );
    },
    { prefix: '/crm' },
  );
}
