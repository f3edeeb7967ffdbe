/**
 * The contract's staff routes under /api/crm (issue 34): the enrolment panel, issue a version,
 * read a PDF (audited), countersign (admins and the "sign contracts" grant), record a written
 * cancellation notice. Every write is one transaction; the answer is the panel as it is then.
 * The applicant's side: applicant-contract-routes.ts.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { auditWho, recordAudit } from '../audit/audit-log';
import { errorAnswer } from '../openapi/answers-public';
import { fieldErrorsValidator, idParams, type ApiInstance } from '../routes/route-schema';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { registerEnrolmentStaffRoutes } from './staff-routes';
import { staffEnrolmentAnswer } from './answers';
import { contractById, contractPdf } from './contract-store';
import { issueContract } from './contract-issue';
import { countersign } from './contract-signing';
import { recordCancellationNotice, staffCancelSchema } from './contract-cancel';
import { staffEnrolment } from './staff-enrolment';
import { pdfAnswer, sendContractPdf } from './pdf-answer';
import { registerApplicantContractRoutes } from './applicant-contract-routes';

const contractParams = z.object({ id: z.string() });

export function registerContractRoutes(api: ApiInstance, ctx: AppContext): void {
  registerApplicantContractRoutes(api, ctx);
  const oneAnswer = { 200: staffEnrolmentAnswer, 400: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer };
  registerEnrolmentStaffRoutes(api, ctx, (crm, viewOf) => {
    /** A change to one contract in one transaction; the answer is its application's panel as it is then. */
    const changeContract = async (
      request: FastifyRequest,
      contractId: string,
      work: (tx: Queryable, view: ApplicationView) => Promise<void>,
    ) => {
      const view = await viewOf(request);
      const applicationId = await ctx.db.transaction(async (tx) => {
        await work(tx, view);
        return (await contractById(tx, contractId)).application_id;
      });
      ctx.mailer.kick();
      return staffEnrolment(ctx.db.pool, view, applicationId, ctx.now());
    };
    crm.get(
      '/applications/:id/enrolment',
      {
        config: { access: 'staff' },
        schema: {
          summary: 'The enrolment panel: the contract, its versions, what a new one lacks, the ledger',
          params: idParams,
          response: { 200: staffEnrolmentAnswer, 404: errorAnswer },
        },
      },
      async (request) => staffEnrolment(ctx.db.pool, await viewOf(request), request.params.id, ctx.now()),
    );
    crm.post(
      '/applications/:id/contract',
      {
        config: { access: 'staff' },
        schema: {
          summary: 'Issue a contract version from an accepted admission (a missing element blocks it, named)',
          params: idParams,
          response: oneAnswer,
        },
      },
      async (request) => {
        const view = await viewOf(request);
        await ctx.db.transaction((tx) => issueContract(tx, ctx, view, request.params.id, auditWho(request)));
        ctx.mailer.kick();
        return staffEnrolment(ctx.db.pool, view, request.params.id, ctx.now());
      },
    );
    crm.get(
      '/contracts/:id/pdf',
      {
        config: { access: 'staff' },
        schema: { summary: 'A contract version’s PDF (audited)', params: contractParams, response: { 200: pdfAnswer, 404: errorAnswer } },
      },
      async (request, reply) => {
        const view = await viewOf(request);
        const contract = await contractById(ctx.db.pool, request.params.id);
        await visibleApplication(ctx.db.pool, view, contract.application_id);
        await recordAudit(ctx.db.pool, {
          ...auditWho(request),
          action: 'enrolment.contract_viewed',
          details: { contract_id: contract.id },
        });
        return sendContractPdf(reply, await contractPdf(ctx.db.pool, contract.id));
      },
    );
    crm.post(
      '/contracts/:id/countersign',
      {
        config: { access: 'staff' },
        schema: {
          summary: 'Countersign a contract the student signed; the copy is e-mailed to them',
          params: contractParams,
          response: oneAnswer,
        },
      },
      async (request) =>
        changeContract(request, request.params.id, (tx, view) => countersign(tx, ctx, view, request.params.id, auditWho(request))),
    );
    crm.post(
      '/contracts/:id/cancel',
      {
        config: { access: 'staff' },
        validatorCompiler: fieldErrorsValidator,
        schema: {
          summary: 'Record a written cancellation notice received within the cooling-off',
          params: contractParams,
          body: staffCancelSchema,
          response: oneAnswer,
        },
      },
      async (request) =>
        changeContract(request, request.params.id, (tx, view) =>
          recordCancellationNotice(tx, ctx, view, request.params.id, request.body, auditWho(request)),
        ),
    );
  });
}
