/**
 * The staff API under /api/crm: the leads inbox, one lead, its stage and owner, the dashboard (and, for
 * admins, its backup notice).
 * Every call needs a live staff session (Bearer token); answers are never cached (the guard says
 * no-store) and get no CORS headers (server/http/cors.ts opens public calls only).
 */
import type { AppContext } from '../context';
import { staffOf } from '../auth/guards';
import { HttpError } from '../http/errors';
import { leadQuerySchema } from './lead-filters';
import { dashboard, findLead, LEAD_NOT_FOUND_MESSAGE, listLeads } from './leads-store';
import { changeLead, leadChangeSchema } from './lead-changes';
import { leadsCsv } from './leads-csv';
import { dashboardCharts } from './dashboard-charts';
import { sendRecordedExport } from '../audit/recorded-export';
import { errorAnswer } from '../openapi/answers-public';
import { csvFileAnswer, dashboardAnswer, dashboardChartsAnswer, staffLeadAnswer, staffLeadPageAnswer } from '../openapi/answers-staff';
import { idParams, type ApiInstance, typedScope } from '../routes/route-schema';
import { knownOrigins } from '../repeat/partner-origins';
import { BULK_READ_LEADS, countLeadsRead } from '../audit/bulk-reads';
import { backupStatus } from '../backup/backup-status';
import { backupStatusAnswer } from '../openapi/answers-backup';

export function registerCrmRoutes(api: ApiInstance, ctx: AppContext): void {
  const known = knownOrigins(ctx.config);
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/leads',
        {
          config: { access: 'staff' },
          schema: {
            summary: `The leads inbox: filtered, searched, paged (a member shown over ${BULK_READ_LEADS} leads in an hour is recorded in the audit log)`,
            querystring: leadQuerySchema,
            response: { 200: staffLeadPageAnswer },
          },
        },
        // Open to every member (counsellors work the whole inbox); many pages in an hour are audited.
        async (request) => {
          const page = await listLeads(ctx.db.pool, ctx.catalogue, known, request.query, staffOf(request).user._id);
          await countLeadsRead(ctx.db.pool, request, page.leads.length, request.query);
          return page;
        },
      );

      // The same filters as the list, as a file to download (Bearer-authenticated like every call);
      // only with the export permission, and recorded in the audit log before a byte is sent.
      crm.get(
        '/leads.csv',
        {
          config: { access: 'lead_exporter' },
          schema: {
            summary: 'The same filters as the inbox, as a CSV file (needs the export permission; recorded in the audit log)',
            querystring: leadQuerySchema,
            response: { 200: csvFileAnswer },
          },
        },
        async (request, reply) => {
          const { query } = request;
          const { csv, rows } = await leadsCsv(ctx.db, ctx.catalogue, known, query, staffOf(request).user._id);
          return sendRecordedExport(ctx.db.pool, request, reply, { action: 'leads.exported', query, csv, rows, fileName: 'leads' });
        },
      );

      crm.get(
        '/leads/:id',
        {
          config: { access: 'staff' },
          schema: { summary: 'One lead', params: idParams, response: { 200: staffLeadAnswer, 404: errorAnswer } },
        },
        async (request) => {
          const lead = await findLead(ctx.db.pool, ctx.catalogue, known, request.params.id);
          if (!lead) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return lead;
        },
      );

      // Stage and owner; the body names the version it read (409 if the lead moved on since).
      crm.patch(
        '/leads/:id',
        {
          config: { access: 'staff' },
          schema: {
            summary: "Change a lead's stage or owner, naming the version read",
            params: idParams,
            body: leadChangeSchema,
            example: { version: 1, stage: 2 },
            response: { 200: staffLeadAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const found = await changeLead(ctx.db, request.params.id, staffOf(request).user._id, request.body);
          const lead = found ? await findLead(ctx.db.pool, ctx.catalogue, known, request.params.id) : null;
          if (!lead) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return lead;
        },
      );

      crm.get(
        '/dashboard',
        {
          config: { access: 'staff' },
          schema: { summary: 'Lead counts by stage and source, and the newest leads', response: { 200: dashboardAnswer } },
        },
        async () => dashboard(ctx.db.pool, ctx.catalogue, known),
      );
      crm.get(
        '/dashboard/charts',
        {
          config: { access: 'staff' },
          schema: {
            summary: "The dashboard's charts: weeks by source, funnel, course types, top courses, activities",
            response: { 200: dashboardChartsAnswer },
          },
        },
        async (request) => dashboardCharts(ctx.db.pool, ctx.catalogue, staffOf(request).user._id),
      );
      // Admins only: whether the dashboard says the last backup is too old (issue 32).
      crm.get(
        '/dashboard/backup',
        {
          config: { access: 'admin' },
          schema: {
            summary: 'When the last backup succeeded, and whether it is over two days old (admins)',
            response: { 200: backupStatusAnswer },
          },
        },
        async () => backupStatus(ctx.db.pool, ctx.now()),
      );
    }),
    { prefix: '/crm' },
  );
}
