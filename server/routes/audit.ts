/**
 * The audit log under /api/crm/audit, for admins only (403 for anyone else): a filtered page
 * (person, action, Toronto days from/to), and the same filters as CSV; an export of the log is
 * itself recorded in the log before the file is sent.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { AuditPage } from '../../src/audit-contract';
import { activeAccountGuard } from '../staff/account-status';
import { staffGuard } from '../auth/guard';
import { parseInput } from '../http/errors';
import { adminGuard } from '../staff/staff-store';
import { auditQuerySchema } from '../audit/audit-query';
import { auditCsv, listAudit } from '../audit/audit-store';
import { auditWho, exportFilter, recordAudit } from '../audit/audit-log';

export function registerAuditRoutes(api: FastifyInstance, ctx: AppContext): void {
  void api.register(
    async (audit) => {
      audit.addHook('preHandler', staffGuard(ctx));
      audit.addHook('preHandler', activeAccountGuard(ctx));
      audit.addHook('preHandler', adminGuard(ctx));

      audit.get('/audit', async (request): Promise<AuditPage> => listAudit(ctx.db.pool, parseInput(auditQuerySchema, request.query)));

      audit.get('/audit.csv', async (request, reply) => {
        const query = parseInput(auditQuerySchema, request.query);
        const { csv, rows } = await auditCsv(ctx.db.pool, query);
        await recordAudit(ctx.db.pool, { ...auditWho(request), action: 'audit.exported', details: { filter: exportFilter(query), rows } });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
          .send(csv);
      });
    },
    { prefix: '/crm' },
  );
}
