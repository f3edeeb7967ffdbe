/** The CRM's calls for applications (issue 33), on the paths of src/application-contract.ts. */
import type { MessageAnswer } from '../../../src/contract';
import {
  crmApplicationPaths,
  type ApplicationListPage,
  type Decision,
  type DecisionLetter,
  type StaffApplication,
} from '../../../src/application-contract';
import { staffFetch } from '../shared/api';
import { FILE_FAILED, staffBlobUrl } from '../shared/blob-url';

/** staffFetch adds `/api` itself. */
const local = (path: string) => path.replace(/^\/api/, '');
const opts = (signal?: AbortSignal) => (signal ? { signal } : {});

export interface ApplicationFilters {
  status: string;
  program: string;
  owner: string;
  sort: string;
  dir: string;
  page: number;
}

export function listQueryString(filters: ApplicationFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== '' && !(key === 'page' && value === 1)) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const fetchApplications = (filters: ApplicationFilters, signal?: AbortSignal) =>
  staffFetch<ApplicationListPage>(local(crmApplicationPaths.list) + listQueryString(filters), opts(signal));
export const fetchApplication = (id: string, signal?: AbortSignal) =>
  staffFetch<StaffApplication>(local(crmApplicationPaths.one(id)), opts(signal));
export const reviewDocument = (id: string, documentId: string, body: { outcome: 'accept' } | { outcome: 'return'; reason: string }) =>
  staffFetch<StaffApplication>(local(crmApplicationPaths.review(id, documentId)), { method: 'POST', body });
export const addApplicationNote = (id: string, text: string) =>
  staffFetch<StaffApplication>(local(crmApplicationPaths.notes(id)), { method: 'POST', body: { text } });
export const releaseDecision = (id: string, body: { decision: Decision; conditions?: string }) =>
  staffFetch<StaffApplication>(local(crmApplicationPaths.decision(id)), { method: 'POST', body });
export const fetchLetters = (signal?: AbortSignal) =>
  staffFetch<{ letters: DecisionLetter[] }>(local(crmApplicationPaths.letters), opts(signal));
export const saveLetter = (letter: DecisionLetter) =>
  staffFetch<{ letters: DecisionLetter[] }>(local(crmApplicationPaths.letters), { method: 'PUT', body: letter });
export const sendApplicationLink = (leadId: string) =>
  staffFetch<MessageAnswer>(local(crmApplicationPaths.invite(leadId)), { method: 'POST' });

/**
 * A document's bytes as a blob URL for an <iframe> or <img>: the file needs the staff bearer token,
 * which a plain `src` cannot carry. The caller revokes the URL when done.
 */
/** The document as a blob URL; its error names the document ("The document could not be opened…"). */
export const documentBlobUrl = (id: string, documentId: string, signal?: AbortSignal): Promise<string> =>
  staffBlobUrl(crmApplicationPaths.documentFile(id, documentId), signal).catch((error: unknown) => {
    throw error instanceof Error && error.message !== FILE_FAILED
      ? error
      : new Error('The document could not be opened. Please try again.');
  });
