/** The CRM's calls for repeat inquiries and merging (issue 23). */
import type { MergeAnswer, MergeBody } from '../../../src/merge-contract';
import { staffFetch } from '../shared/api';

export interface OriginCount {
  origin: string | null;
  count: number;
}

export const mergeLeads = (body: MergeBody) => staffFetch<MergeAnswer>('/crm/leads/merge', { method: 'POST', body });
export const fetchOrigins = (signal?: AbortSignal) => staffFetch<{ origins: OriginCount[] }>('/crm/lead-origins', { signal });

/** The compare page for two leads; `keep` is the one offered as kept. */
export const comparePath = (keep: string, merge: string) => `/leads/merge?keep=${keep}&merge=${merge}`;
