/**
 * The contract's routes (issue 34). The applicant's, under /api/applicant/contract (signed-in
 * applicant only, their own application): read it, fetch the exact PDF, sign, cancel within the
 * cooling-off. Staff's, under /api/crm: the enrolment panel, issue a version, read a PDF (audited),
 * countersign (admins and the "sign contracts" grant), record a written cancellation notice.
 * Every write is one transaction; the answer is the state as it is then.
 */
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { guardedRoute, staffOf } from '../auth/guards';
import { auditWho, recordAudit } from '../audit/audit-log';
import { errorAnswer } from '../openapi/answers-public';
import { answerComponents } from '../openapi/answer-schema';
import { fileAnswer } from '../openapi/registry';
import { fieldErrorsValidator, idParams, type ApiInstance } from '../routes/route-schema';
import { staffScope } from '../routes/staff-scope';
import { applicantGuard, applicantOf } from '../applications/applicant-session';
import { requireApplicationOf } from '../applications/application-store';
import { applicationViewOf, visibleApplication } from '../applications/staff-visibility';
import { NotFound } from '../domain-errors';
import { applicantEnrolmentAnswer } from './contract-answers';
import { staffEnrolmentAnswer } from './staff-enrolment-answer';
import { contractById, contractPdf, contractView, currentContract, NO_CONTRACT_MESSAGE } from './contract-store';
import { settleCopyDeliveries } from './contract-lifecycle';
import { issueContract } from './contract-issue';
import { countersign, signAsStudent, signSchema } from './contract-signing';
import { cancelAsStudent, recordCancellationNotice, staffCancelSchema } from './contract-cancel';
import { staffEnrolment } from './staff-enrolment';

const pdfBytes = z.string();
answerComponents.add(pdfBytes, { id: 'ContractPdf', description: 'An enrolment contract as a PDF.' });
const pdfAnswer = fileAnswer(pdfBytes, 'application/pdf', 'The contract PDF: the one to sign, or the final one with its signature page.');
const cancelBody = z.object({ contract_id: z.string() });

function sendPdf(reply: FastifyReply, file: { bytes: Buffer; version: number; final: boolean }): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="enrolment-contract-v${file.version}${file.final ? '-signed' : ''}.pdf"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'no-store')
    .send(file.bytes);
}

function registerApplicantContractRoutes(api: ApiInstance, ctx: AppContext): void {
  const applicant = guardedRoute('public', applicantGuard(ctx));
  const current = async (email: string) => {
    const application = await requireApplicationOf(ctx.db.pool, email);
    const contract = await currentContract(ctx.db.pool, application.id);
    if (contract?.status === 'countersigned' && !contract.copy_delivered_at && (await settleCopyDeliveries(ctx.db.pool, contract.id)) > 0) {
      return { contract: contractView((await currentContract(ctx.db.pool, application.id)) ?? contract) };
    }
    return { contract: contract ? contractView(contract) : null };
  };
  api.get(
    '/applicant/contract',
    {
      ...applicant,
      schema: { summary: "The applicant's enrolment contract, if one was issued", response: { 200: applicantEnrolmentAnswer } },
    },
    async (request) => current(applicantOf(request).email),
  );
  api.get(
    '/applicant/contract/:id/pdf',
    {
      ...applicant,
      schema: {
        summary: 'The exact PDF of one of the applicant’s own contract versions',
        params: idParams,
        response: { 200: pdfAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const application = await requireApplicationOf(ctx.db.pool, applicantOf(request).email);
      const contract = await contractById(ctx.db.pool, request.params.id);
      if (contract.application_id !== application.id) throw new NotFound(NO_CONTRACT_MESSAGE);
      return sendPdf(reply, await contractPdf(ctx.db.pool, contract.id));
    },
  );
  api.post(
    '/applicant/contract/sign',
    {
      ...applicant,
      validatorCompiler: fieldErrorsValidator,
      schema: {
        summary: 'Sign the contract: every acknowledgement, the typed legal name, the SHA-256 of the PDF shown',
        body: signSchema,
        response: { 200: applicantEnrolmentAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { email } = applicantOf(request);
      const client = { ip: request.ip ?? '', userAgent: request.headers['user-agent'] ?? '' };
      await ctx.db.transaction((tx) => signAsStudent(tx, email, request.body, client));
      return current(email);
    },
  );
  api.post(
    '/applicant/contract/cancel',
    {
      ...applicant,
      schema: {
        summary: 'Cancel the contract within the two-day cooling-off (full refund)',
        body: cancelBody,
        response: { 200: applicantEnrolmentAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { email } = applicantOf(request);
      await ctx.db.transaction((tx) => cancelAsStudent(tx, ctx, email, request.body.contract_id));
      ctx.mailer.kick();
      return current(email);
    },
  );
}

const contractParams = z.object({ id: z.string() });

export function registerContractRoutes(api: ApiInstance, ctx: AppContext): void {
  registerApplicantContractRoutes(api, ctx);
  const viewOf = (userId: string) => applicationViewOf(ctx.db.pool, userId);
  const oneAnswer = { 200: staffEnrolmentAnswer, 400: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer };
  void api.register(
    staffScope(ctx, (crm) => {
      crm.get(
        '/applications/:id/enrolment',
        {
          schema: {
            summary: 'The enrolment panel: the contract, its versions, what a new one lacks, the ledger',
            params: idParams,
            response: { 200: staffEnrolmentAnswer, 404: errorAnswer },
          },
        },
        async (request) => staffEnrolment(ctx.db.pool, await viewOf(staffOf(request).user._id), request.params.id, ctx.now()),
      );
      crm.post(
        '/applications/:id/contract',
        {
          schema: {
            summary: 'Issue a contract version from an accepted admission (a missing element blocks it, named)',
            params: idParams,
            response: oneAnswer,
          },
        },
        async (request) => {
          const view = await viewOf(staffOf(request).user._id);
          await ctx.db.transaction((tx) => issueContract(tx, ctx, view, request.params.id, auditWho(request)));
          ctx.mailer.kick();
          return staffEnrolment(ctx.db.pool, view, request.params.id, ctx.now());
        },
      );
      crm.get(
        '/contracts/:id/pdf',
        {
          schema: { summary: 'A contract version’s PDF (audited)', params: contractParams, response: { 200: pdfAnswer, 404: errorAnswer } },
        },
        async (request, reply) => {
          const view = await viewOf(staffOf(request).user._id);
          const contract = await contractById(ctx.db.pool, request.params.id);
          await visibleApplication(ctx.db.pool, view, contract.application_id);
          await recordAudit(ctx.db.pool, {
            ...auditWho(request),
            action: 'enrolment.contract_viewed',
            details: { contract_id: contract.id },
          });
          return sendPdf(reply, await contractPdf(ctx.db.pool, contract.id));
        },
      );
      crm.post(
        '/contracts/:id/countersign',
        {
          schema: {
            summary: 'Countersign a contract the student signed; the copy is e-mailed to them',
            params: contractParams,
            response: oneAnswer,
          },
        },
        async (request) => {
          const view = await viewOf(staffOf(request).user._id);
          const applicationId = await ctx.db.transaction(async (tx) => {
            await countersign(tx, ctx, view, request.params.id, auditWho(request));
            return (await contractById(tx, request.params.id)).application_id;
          });
          ctx.mailer.kick();
          return staffEnrolment(ctx.db.pool, view, applicationId, ctx.now());
        },
      );
      crm.post(
        '/contracts/:id/cancel',
        {
          validatorCompiler: fieldErrorsValidator,
          schema: {
            summary: 'Record a written cancellation notice received within the cooling-off',
            params: contractParams,
            body: staffCancelSchema,
            response: oneAnswer,
          },
        },
        async (request) => {
          const view = await viewOf(staffOf(request).user._id);
          const applicationId = await ctx.db.transaction(async (tx) => {
            await recordCancellationNotice(tx, ctx, view, request.params.id, request.body, auditWho(request));
            return (await contractById(tx, request.params.id)).application_id;
          });
          ctx.mailer.kick();
          return staffEnrolment(ctx.db.pool, view, applicationId, ctx.now());
        },
      );
    }),
    { prefix: '/crm' },
  );
}
