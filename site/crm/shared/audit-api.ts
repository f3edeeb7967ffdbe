/** The CRM's calls for the audit log (admins only; see src/audit-contract.ts). */
import type { AuditPage } from '../../../src/audit-contract';
import { staffFetch } from './api';
import { downloadStaffFile } from './work-api';

export interface AuditFilters {
  person: string;
  action: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { person: '', action: '', from: '', to: '' };
export const AUDIT_PAGE_SIZE = 50;

export function auditQueryString(filters: AuditFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page !== undefined) {
    params.set('page', String(page));
    params.set('page_size', String(AUDIT_PAGE_SIZE));
  }
  return params.toString();
}

export const fetchAudit = (filters: AuditFilters, page: number, signal?: AbortSignal) =>
  staffFetch<AuditPage>(`/crm/audit?${auditQueryString(filters, page)}`, signal ? { signal } : {});

export const downloadAuditCsv = (filters: AuditFilters) =>
  downloadStaffFile(`/crm/audit.csv?${auditQueryString(filters)}`, 'audit-log.csv');
