/** The CRM's calls for follow-up work, staff and the own account (see src/crm-contract.ts). */
import type { MessageAnswer } from '../../../src/contract';
import type {
  AccountAnswer,
  Activity,
  ActivityChangeBody,
  ActivityList,
  DashboardCharts,
  NewActivityBody,
  StaffMember,
  StaffRole,
  TimelineAnswer,
} from '../../../src/crm-contract';
import { useAuth } from '../stores/auth';
import { API_BASE, leadQueryString, staffFetch, type LeadQuery } from './api';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
const lead = (id: string) => `/crm/leads/${encodeURIComponent(id)}`;

export const fetchTimeline = (id: string, signal?: AbortSignal) => staffFetch<TimelineAnswer>(`${lead(id)}/timeline`, opts(signal));
export const addNote = (id: string, text: string) => staffFetch<MessageAnswer>(`${lead(id)}/notes`, { method: 'POST', body: { text } });
export const createActivity = (id: string, body: NewActivityBody) =>
  staffFetch<Activity>(`${lead(id)}/activities`, { method: 'POST', body });
export const updateActivity = (id: string, body: ActivityChangeBody) =>
  staffFetch<Activity>(`/crm/activities/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export interface ActivityQuery {
  owner: string;
  due: string;
  state: string;
}
export const fetchActivities = (query: ActivityQuery, signal?: AbortSignal) =>
  staffFetch<ActivityList>(`/crm/activities?${new URLSearchParams({ ...query }).toString()}`, opts(signal));

export const fetchStaff = (signal?: AbortSignal) => staffFetch<{ staff: StaffMember[] }>('/crm/staff', opts(signal));
export const inviteStaff = (body: { name: string; email: string; role: StaffRole }) =>
  staffFetch<StaffMember>('/crm/staff', { method: 'POST', body });
export const updateStaff = (
  id: string,
  body: {
    version: number;
    name?: string;
    role?: StaffRole;
    status?: 1 | 2;
    catalogue_editor?: boolean;
    lead_exporter?: boolean;
    all_applications?: boolean;
    sign_contracts?: boolean;
  },
) => staffFetch<StaffMember>(`/crm/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const fetchAccount = (signal?: AbortSignal) => staffFetch<AccountAnswer>('/users/account', opts(signal));
export const renameOwnAccount = (name: string) => staffFetch<AccountAnswer>('/users/account', { method: 'PATCH', body: { name } });
export const changeOwnPassword = (body: { current_password: string; password: string; cPassword: string }) =>
  staffFetch<MessageAnswer>('/users/account/password', { method: 'POST', body });

export const fetchDashboardCharts = (signal?: AbortSignal) => staffFetch<DashboardCharts>('/crm/dashboard/charts', opts(signal));

/**
 * Downloads a file from a staff call (a CSV export). The call needs the Bearer token, so it is
 * fetched here and handed to the browser as a file through an object URL.
 */
export async function downloadStaffFile(path: string, fallbackName: string): Promise<void> {
  const { token } = useAuth.getState();
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
    credentials: 'omit',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'The export failed. Please try again.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The filtered leads as CSV. Paging does not apply to the export: it holds every lead that matches the filters. */
export const downloadLeadsCsv = (query: LeadQuery) => downloadStaffFile(`/crm/leads.csv?${leadQueryString(query)}`, 'leads.csv');
