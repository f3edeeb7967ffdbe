/** The CRM's calls for repeat inquiries and merging (issue 23), and finding a lead to merge with (issue 31). */
import type { LeadOrigins, MergeAnswer, MergeBody, MergeCandidatesAnswer } from '../../../src/merge-contract';
import { staffFetch, withPhones } from '../shared/api';

export type { OriginCount } from '../../../src/merge-contract';

export const mergeLeads = (body: MergeBody) => staffFetch<MergeAnswer>('/crm/leads/merge', { method: 'POST', body });
export const fetchOrigins = (signal?: AbortSignal) => staffFetch<LeadOrigins>('/crm/lead-origins', { signal });

/** The compare page for two leads; `keep` is the one offered as kept. */
export const comparePath = (keep: string, merge: string) => `/leads/merge?keep=${keep}&merge=${merge}`;

/** Leads `leadId` may be merged with, found by a fragment of a name, e-mail or phone (issue 31). */
export const fetchMergeCandidates = (leadId: string, q: string, signal?: AbortSignal) =>
  withPhones(
    staffFetch<MergeCandidatesAnswer>(`/crm/leads/${leadId}/merge-candidates?q=${encodeURIComponent(q)}`, signal ? { signal } : {}),
  );
