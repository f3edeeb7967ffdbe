/**
 * The CRM's calls to our API. Staff calls carry the Bearer token; a 401 from one of them means the
 * session expired or was revoked, so the stored credentials are cleared (the route guard then
 * returns to the login screen) and the server's message is toasted.
 */
import { notify } from './notify';
import { apiFetch, ApiError, type ApiRequest } from '../../../src/api-client';
import type { DashboardAnswer, MessageAnswer, ResetPasswordBody, SignInResult, StaffLead, StaffLeadPage } from '../../../src/contract';
import type { LeadChangeBody } from '../../../src/crm-contract';
import { useAuth } from '../stores/auth';
import { useTwoFactorGate } from '../stores/two-factor';
import { phoneFormatReady } from './phone-display';

export const API_BASE = '/api';

// ------------------------------------------------------------ public (no token)

export const signIn = (email: string, password: string) =>
  apiFetch<SignInResult>(API_BASE, '/users/signin', { method: 'POST', body: { email, password } });

export const requestPasswordReset = (email: string) =>
  apiFetch<MessageAnswer>(API_BASE, '/users/reset-password', { method: 'POST', body: { email } });

export const resetPassword = (body: ResetPasswordBody) =>
  apiFetch<MessageAnswer>(API_BASE, `/users/reset-password/${encodeURIComponent(body.userId)}/${encodeURIComponent(body.token)}`, {
    method: 'POST',
    body,
  });

// ------------------------------------------------------------ staff (Bearer token)

/** A 403 that asks this account to set up two-factor sign-in first (server/auth/guards.ts). */
function asksForTwoFactorSetup(error: ApiError): boolean {
  const body = error.body as { twoFactorSetupRequired?: unknown } | null;
  return error.status === 403 && body?.twoFactorSetupRequired === true;
}

export async function staffFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { token } = useAuth.getState();
  try {
    return await apiFetch<T>(API_BASE, path, {
      ...request,
      headers: { ...request.headers, Authorization: `Bearer ${token ?? ''}` },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      useAuth.getState().clear();
      notify.info(error.message);
    }
    if (error instanceof ApiError && asksForTwoFactorSetup(error)) useTwoFactorGate.getState().setSetupRequired(true);
    throw error;
  }
}

/** Revokes the session on the server. Storage is cleared by the caller whatever the answer. */
export const signOut = () => staffFetch<MessageAnswer>('/users/signout', { method: 'POST' });

export interface LeadQuery {
  page: number;
  page_size: number;
  owner?: string;
  stage?: string;
  source?: string;
  course_type?: string;
  location?: string;
  /** 'overdue': flagged by speed to lead and not contacted yet. */
  contact?: string;
  origin?: string;
  q?: string;
}

export function leadQueryString(query: LeadQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** A call whose answer shows phone numbers: resolved once the phone formatter is in too. */
export async function withPhones<T>(call: Promise<T>): Promise<T> {
  const [answer] = await Promise.all([call, phoneFormatReady]);
  return answer;
}

export const fetchLeads = (query: LeadQuery, signal?: AbortSignal) =>
  withPhones(staffFetch<StaffLeadPage>(`/crm/leads?${leadQueryString(query)}`, signal ? { signal } : {}));

export const fetchLead = (id: string, signal?: AbortSignal) =>
  withPhones(staffFetch<StaffLead>(`/crm/leads/${encodeURIComponent(id)}`, signal ? { signal } : {}));

/** Stage and/or owner; `version` is the lead's as read (the server answers 409 if it moved on). */
export const updateLead = (id: string, change: LeadChangeBody) =>
  staffFetch<StaffLead>(`/crm/leads/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });

export const fetchDashboard = (signal?: AbortSignal) => withPhones(staffFetch<DashboardAnswer>('/crm/dashboard', signal ? { signal } : {}));

/** The server's message of a failed call, for an error toast (requirements R-error-toasts). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
