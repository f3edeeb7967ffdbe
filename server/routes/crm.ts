/**
 * The staff API under /api/crm: the leads inbox, one lead, its stage and owner, the dashboard.
 * Every call needs a live staff session (Bearer token); answers are never cached (the guard says
 * no-store) and get no CORS headers (server/http/cors.ts opens public calls only).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { activeAccountGuard } from '../staff/account-status';
import { staffGuard, staffOf } from '../auth/guard';
import { HttpError, parseInput } from '../http/errors';
import { leadQuerySchema } from '../crm/lead-filters';
import { dashboard, findLead, listLeads } from '../crm/leads-store';
import { changeLead, leadChangeSchema } from '../crm/lead-changes';
import { leadsCsv } from '../crm/leads-csv';
import { dashboardCharts } from '../crm/dashboard-charts';
import { leadExportGuard } from '../crm/export-guard';
import { auditWho, exportFilter, recordAudit } from '../audit/audit-log';

export const LEAD_NOT_FOUND_MESSAGE = 'There is no lead with this id. It may have been removed.';

export function registerCrmRoutes(api: FastifyInstance, ctx: AppContext): void {
  void api.register(
    async (crm) => {
      crm.addHook('preHandler', staffGuard(ctx));
      crm.addHook('preHandler', activeAccountGuard(ctx));

      crm.get('/leads', async (request) => {
        const query = parseInput(leadQuerySchema, request.query);
        return listLeads(ctx.db.pool, ctx.catalogue, query, staffOf(request).user._id);
      });

      // The same filters as the list, as a file to download (Bearer-authenticated like every call);
      // only with the export permission, and recorded in the audit log before a byte is sent.
      crm.get('/leads.csv', { preHandler: leadExportGuard(ctx) }, async (request, reply) => {
        const query = parseInput(leadQuerySchema, request.query);
        const { csv, rows } = await leadsCsv(ctx.db.pool, ctx.catalogue, query, staffOf(request).user._id);
        await recordAudit(ctx.db.pool, { ...auditWho(request), action: 'leads.exported', details: { filter: exportFilter(query), rows } });
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="leads-${day}.csv"`)
          .send(csv);
      });

      crm.get<{ Params: { id: string } }>('/leads/:id', async (request) => {
        const lead = await findLead(ctx.db.pool, ctx.catalogue, request.params.id);
        if (!lead) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
        return lead;
      });

      // Stage and owner; the body names the version it read (409 if the lead moved on since).
      crm.patch<{ Params: { id: string } }>('/leads/:id', async (request) => {
        const change = parseInput(leadChangeSchema, request.body);
        const found = await changeLead(ctx.db, request.params.id, staffOf(request).user._id, change);
        const lead = found ? await findLead(ctx.db.pool, ctx.catalogue, request.params.id) : null;
        if (!lead) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
        return lead;
      });

      crm.get('/dashboard', async () => dashboard(ctx.db.pool, ctx.catalogue));
      crm.get('/dashboard/charts', async (request) => dashboardCharts(ctx.db.pool, ctx.catalogue, staffOf(request).user._id));
    },
    { prefix: '/crm' },
  );
}
