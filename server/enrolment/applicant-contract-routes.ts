/**
 * The applicant's contract routes under /api/applicant/contract (issue 34): the signed-in
 * applicant's own application only. Read it (its copy's delivery settled first), fetch the exact
 * PDF, sign, cancel within the cooling-off. Every write is one transaction; the answer is the
 * contract as it is then.
 */
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../openapi/answers-public';
import { fieldErrorsValidator, idParams, type ApiInstance } from '../routes/route-schema';
import { applicantOf } from '../applications/applicant-session';
import { requireApplicationOf } from '../applications/application-store';
import { NotFound } from '../domain-errors';
import { applicantEnrolmentAnswer } from './answers';
import { contractById, contractPdf, contractView, NO_CONTRACT_MESSAGE } from './contract-store';
import { settledContract } from './contract-lifecycle';
import { signAsStudent, signSchema } from './contract-signing';
import { cancelAsStudent } from './contract-cancel';
import { pdfAnswer, sendContractPdf } from './pdf-answer';

const cancelBody = z.object({ contract_id: z.string() });

export function registerApplicantContractRoutes(api: ApiInstance, ctx: AppContext): void {
  const current = async (email: string) => {
    const application = await requireApplicationOf(ctx.db.pool, email);
    const contract = await settledContract(ctx.db.pool, application.id);
    return { contract: contract ? contractView(contract) : null };
  };
  api.get(
    '/applicant/contract',
    {
      config: { access: 'applicant' },
      schema: { summary: "The applicant's enrolment contract, if one was issued", response: { 200: applicantEnrolmentAnswer } },
    },
    async (request) => current(applicantOf(request).email),
  );
  api.get(
    '/applicant/contract/:id/pdf',
    {
      config: { access: 'applicant' },
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
      return sendContractPdf(reply, await contractPdf(ctx.db.pool, contract.id));
    },
  );
  api.post(
    '/applicant/contract/sign',
    {
      config: { access: 'applicant' },
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
      config: { access: 'applicant' },
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
