/** The CRM's privacy calls (src/privacy-contract.ts). */
import type { AnonymiseAnswer, PrivacyPanel, PrivacyRequest, PrivacyRequestKind } from '../../../src/privacy-contract';
import { staffFetch } from '../shared/api';
import { downloadStaffFile } from '../shared/work-api';

const lead = (id: string) => `/crm/leads/${encodeURIComponent(id)}`;

export const fetchPrivacy = (id: string, signal?: AbortSignal) => staffFetch<PrivacyPanel>(`${lead(id)}/privacy`, signal ? { signal } : {});
export const openPrivacyRequest = (id: string, kind: PrivacyRequestKind) =>
  staffFetch<PrivacyRequest>(`${lead(id)}/privacy-requests`, { method: 'POST', body: { kind } });
export const closePrivacyRequest = (requestId: string) =>
  staffFetch<PrivacyRequest>(`/crm/privacy-requests/${encodeURIComponent(requestId)}/close`, { method: 'POST', body: {} });
export const anonymisePerson = (id: string) => staffFetch<AnonymiseAnswer>(`${lead(id)}/anonymise`, { method: 'POST', body: {} });
export const downloadPrivacyExport = (id: string, format: 'json' | 'html') =>
  downloadStaffFile(`${lead(id)}/privacy-export${format === 'html' ? '.html' : ''}`, `privacy-export.${format}`);
