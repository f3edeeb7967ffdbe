/**
 * Issue 34: the student's money under /api/crm — payments (each with its e-mailed receipt),
 * a ledger entry's receipt as a PDF (every view audited), written notices that create refund
 * obligations, the Refunds page's list and the recording of a refund. Staff act on applications
 * they may see (staff-visibility.ts; out of view answers 404). Each write answers the ledger as
 * it is then.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { auditWho, recordAudit } from '../audit/audit-log';
import { errorAnswer } from '../openapi/answers-public';
import { fieldErrorsValidator, idParams, type ApiInstance } from '../routes/route-schema';
import { visibleApplication, type ApplicationView } from '../applications/staff-visibility';
import { registerEnrolmentStaffRoutes } from './staff-routes';
import { ledgerOf } from './ledger';
import { paymentSchema } from './payment-input';
import { recordPayment } from './payments';
import { receiptFileName, storedReceipt } from './receipts';
import { recordRefund, refundNotice, refundNoticeSchema, refundsList } from './refunds';
import { ledgerAnswer, receiptFileAnswer, refundListAnswer } from './answers';
import { sendPdf } from './pdf-answer';

const ledgerAnswers = { 200: ledgerAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer };

export function registerMoneyRoutes(api: ApiInstance, ctx: AppContext): void {
  registerEnrolmentStaffRoutes(api, ctx, (crm, viewOf) => {
    /** A change to an application's money by the staff member of `request`; the answer is its ledger as it is then. */
    const changeLedger = async (request: FastifyRequest, applicationId: string, work: (view: ApplicationView) => Promise<unknown>) => {
      await work(await viewOf(request));
      return ledgerOf(ctx.db.pool, applicationId, ctx.now());
    };
    crm.post(
      '/applications/:id/payments',
      {
        config: { access: 'staff' },
        validatorCompiler: fieldErrorsValidator,
        schema: {
          summary:
            'Record a payment (its numbered receipt e-mailed to the student); a repeated request_key records once; before the student signs the contract, at most the service fee (min(20 % of fees, $500)) may be collected',
          params: idParams,
          body: paymentSchema,
          response: ledgerAnswers,
        },
      },
      async (request) =>
        changeLedger(request, request.params.id, (view) => recordPayment(ctx, view, request.params.id, request.body, auditWho(request))),
    );
    crm.get(
      '/ledger/:id/receipt',
      {
        config: { access: 'staff' },
        schema: {
          summary: "A ledger entry's receipt as a PDF, for staff who may see its application; every view is audited",
          params: idParams,
          response: { 200: receiptFileAnswer, 404: errorAnswer },
        },
      },
      async (request, reply) => {
        const { applicationId, number, pdf } = await storedReceipt(ctx.db.pool, request.params.id);
        await visibleApplication(ctx.db.pool, await viewOf(request), applicationId);
        await recordAudit(ctx.db.pool, {
          ...auditWho(request),
          action: 'enrolment.receipt_viewed',
          details: { application_id: applicationId, entry_id: request.params.id, receipt_number: number },
        });
        return sendPdf(reply, receiptFileName(number), pdf);
      },
    );
    crm.post(
      '/applications/:id/refund-notice',
      {
        config: { access: 'staff' },
        validatorCompiler: fieldErrorsValidator,
        schema: {
          summary:
            'Record a written notice (withdrawal, expulsion, a discontinued program…): a refund obligation with its amount, legal basis and due date (30 days after the notice)',
          params: idParams,
          body: refundNoticeSchema,
          response: ledgerAnswers,
        },
      },
      async (request) =>
        changeLedger(request, request.params.id, (view) => refundNotice(ctx, view, request.params.id, request.body, auditWho(request))),
    );
    crm.get(
      '/refunds',
      {
        config: { access: 'staff' },
        schema: {
          summary: 'Refund obligations of the applications in view: open before refunded, overdue first, then by due date',
          response: { 200: refundListAnswer },
        },
      },
      async (request) => refundsList(ctx.db.pool, await viewOf(request), ctx.now()),
    );
    crm.post(
      '/refunds/:id/record',
      {
        config: { access: 'staff' },
        validatorCompiler: fieldErrorsValidator,
        schema: {
          summary:
            'Record the refund paid to the student (the amount owed; staff give it when the obligation awaits completion), with its receipt e-mailed; a repeated request_key records once',
          params: idParams,
          body: paymentSchema,
          response: ledgerAnswers,
        },
      },
      async (request) => {
        const view = await viewOf(request);
        const { applicationId } = await recordRefund(ctx, view, request.params.id, request.body, auditWho(request));
        return ledgerOf(ctx.db.pool, applicationId, ctx.now());
      },
    );
  });
}
