/** The CRM's enrolment calls (issue 34), on the paths of src/enrolment-contract.ts. */
import { crmEnrolmentPaths, type StaffEnrolment } from '../../../src/enrolment-contract';
import { staffFetch } from '../shared/api';

/** staffFetch adds `/api` itself. */
const local = (path: string) => path.replace(/^\/api/, '');

export const fetchEnrolment = (applicationId: string, signal?: AbortSignal) =>
  staffFetch<StaffEnrolment>(local(crmEnrolmentPaths.enrolment(applicationId)), signal ? { signal } : {});
export const issueContract = (applicationId: string) =>
  staffFetch<StaffEnrolment>(local(crmEnrolmentPaths.issue(applicationId)), { method: 'POST', body: {} });
export const countersignContract = (contractId: string) =>
  staffFetch<StaffEnrolment>(local(crmEnrolmentPaths.countersign(contractId)), { method: 'POST', body: {} });
export const recordCancellation = (contractId: string, body: { received_at: string; note?: string }) =>
  staffFetch<StaffEnrolment>(local(crmEnrolmentPaths.cancel(contractId)), { method: 'POST', body });
