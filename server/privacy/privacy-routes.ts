/**
 * Privacy requests under /api/crm (issue 22, PIPEDA): a lead's privacy card, opening and closing
 * requests (any staff member: whoever takes the person's call records it), the export of everything
 * held about the person (the export permission; recorded in the audit log before it is sent) and
 * anonymisation (admins: it cannot be undone).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { auditWho, recordAudit } from '../audit/audit-log';
import { HttpError } from '../http/errors';
import { errorAnswer } from '../openapi/answers-public';
import { personOfLead } from './person';
import { exportPerson, exportedRows } from './export';
import { documentContent } from '../applications/document-export';
import { readableExport } from './export-page';
import { anonymisePerson } from './anonymise';
import { closeRequest, openRequest, privacyPanel } from './requests';
import {
  anonymiseAnswer,
  htmlFileAnswer,
  privacyExportAnswer,
  privacyPanelAnswer,
  privacyRequestAnswer,
  privacyRequestBody,
} from './privacy-answers';
import { LEAD_NOT_FOUND_MESSAGE } from '../crm';
import { idParams, type ApiInstance, typedScope } from '../routes/route-schema';

export const REQUEST_NOT_FOUND_MESSAGE = 'There is no privacy request with this id.';
export const ANONYMISED_MESSAGE = 'The person was anonymised: names, contacts and free text are removed on each of their leads.';

async function leadPerson(ctx: AppContext, id: string) {
  const person = await personOfLead(ctx.db.pool, id);
  if (!person) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
  return person;
}

/** The export, recorded in the audit log (counts only) before a byte is sent, as a dated attachment. */
async function sendExport(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
  format: 'json' | 'html',
) {
  const leadId = request.params.id;
  const now = new Date();
  const data = await exportPerson(ctx.db.pool, await leadPerson(ctx, leadId), now, format === 'json' ? documentContent(ctx) : undefined);
  const details = { lead_id: leadId, leads: data.person.lead_ids.length, rows: exportedRows(data), format };
  await recordAudit(ctx.db.pool, { ...auditWho(request), action: 'privacy.exported', details });
  const name = `privacy-export-${leadId}-${now.toISOString().slice(0, 10)}.${format}`;
  reply.header('Content-Disposition', `attachment; filename="${name}"`);
  if (format === 'json') return reply.send(data);
  return reply.header('Content-Type', 'text/html; charset=utf-8').send(await readableExport(ctx.db.pool, ctx.catalogue, data));
}

export function registerPrivacyRoutes(api: ApiInstance, ctx: AppContext): void {
  void api.register(
    typedScope((crm) => {
      crm.get(
        '/leads/:id/privacy',
        {
          config: { access: 'staff' },
          schema: {
            summary: "The person's privacy requests and whether they were anonymised",
            params: idParams,
            response: { 200: privacyPanelAnswer, 404: errorAnswer },
          },
        },
        async (request) => {
          const person = await leadPerson(ctx, request.params.id);
          const { rows } = await ctx.db.pool.query<{ email: string }>('SELECT email FROM leads WHERE id = $1', [request.params.id]);
          return privacyPanel(ctx.db.pool, person, rows[0]?.email ?? person.email);
        },
      );

      crm.post(
        '/leads/:id/privacy-requests',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Open a privacy request (access, withdrawal of consent, deletion) for the person, due in 30 days',
            params: idParams,
            body: privacyRequestBody,
            example: { kind: 'access' },
            response: { 201: privacyRequestAnswer, 404: errorAnswer },
          },
        },
        async (request, reply) => {
          const opened = await openRequest(ctx.db, request.params.id, request.body.kind, auditWho(request));
          if (!opened) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return reply.status(201).send(opened);
        },
      );

      crm.post(
        '/privacy-requests/:id/close',
        {
          config: { access: 'staff' },
          schema: {
            summary: 'Close a privacy request once it is answered',
            params: idParams,
            response: { 200: privacyRequestAnswer, 404: errorAnswer, 409: errorAnswer },
          },
        },
        async (request) => {
          const closed = await closeRequest(ctx.db, request.params.id, auditWho(request));
          if (!closed) throw new HttpError(404, REQUEST_NOT_FOUND_MESSAGE);
          return closed;
        },
      );

      crm.get(
        '/leads/:id/privacy-export',
        {
          config: { access: 'lead_exporter' },
          schema: {
            summary:
              'Everything held about the person, by kind of record, as a JSON file (needs the export permission; recorded in the audit log)',
            params: idParams,
            response: { 200: privacyExportAnswer, 404: errorAnswer },
          },
        },
        async (request, reply) => sendExport(ctx, request, reply, 'json'),
      );

      crm.get(
        '/leads/:id/privacy-export.html',
        {
          config: { access: 'lead_exporter' },
          schema: {
            summary: 'The same export as a readable, printable page (needs the export permission; recorded in the audit log)',
            params: idParams,
            response: { 200: htmlFileAnswer, 404: errorAnswer },
          },
        },
        async (request, reply) => sendExport(ctx, request, reply, 'html'),
      );

      crm.post(
        '/leads/:id/anonymise',
        {
          config: { access: 'admin' },
          schema: {
            summary:
              'Anonymise the person (admins): names, contacts and free text removed on every lead and record; counts, dates and stages kept',
            params: idParams,
            response: { 200: anonymiseAnswer, 404: errorAnswer },
          },
        },
        async (request) => {
          const result = await anonymisePerson(ctx.db, request.params.id, {
            now: new Date(),
            who: auditWho(request),
            why: { reason: 'request' },
          });
          if (!result) throw new HttpError(404, LEAD_NOT_FOUND_MESSAGE);
          return { message: ANONYMISED_MESSAGE, rows: result.rows };
        },
      );
    }),
    { prefix: '/crm' },
  );
}
