/** The CRM's calls for the student's money (issue 34), on the paths of src/enrolment-contract.ts. */
import { crmEnrolmentPaths } from '../../../src/enrolment-contract';
import { type Ledger, type PaymentRequest, type RefundBasis, type RefundObligation } from '../../../src/ledger-contract';
import { staffFetch } from '../shared/api';

/** staffFetch adds `/api` itself. */
const local = (path: string) => path.replace(/^\/api/, '');

export interface RefundNoticeBody {
  basis: Exclude<RefundBasis, 'cooling_off'>;
  notice_received_at: string;
  note?: string;
}

export const recordPayment = (applicationId: string, body: PaymentRequest) =>
  staffFetch<Ledger>(local(crmEnrolmentPaths.payments(applicationId)), { method: 'POST', body });
export const recordRefundNotice = (applicationId: string, body: RefundNoticeBody) =>
  staffFetch<Ledger>(local(crmEnrolmentPaths.refundNotice(applicationId)), { method: 'POST', body });
export const fetchRefunds = (signal?: AbortSignal) =>
  staffFetch<{ refunds: RefundObligation[] }>(local(crmEnrolmentPaths.refunds), signal ? { signal } : {});
export const recordRefund = (refundId: string, body: PaymentRequest) =>
  staffFetch<Ledger>(local(crmEnrolmentPaths.recordRefund(refundId)), { method: 'POST', body });
