/** The CRM's calls for sequences (src/sequences-contract.ts). */
import type { MessageAnswer } from '../../../src/contract';
import type { LeadEnrolments, Sequence, SequenceInput, SequenceList } from '../../../src/sequences-contract';
import { staffFetch } from '../shared/api';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
const lead = (id: string) => `/crm/leads/${encodeURIComponent(id)}/sequences`;

export const fetchSequences = (signal?: AbortSignal) => staffFetch<SequenceList>('/crm/sequences', opts(signal));
export const createSequence = (body: SequenceInput) => staffFetch<Sequence>('/crm/sequences', { method: 'POST', body });
export const saveSequence = (id: string, body: SequenceInput & { version: number }) =>
  staffFetch<Sequence>(`/crm/sequences/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const fetchLeadEnrolments = (id: string, signal?: AbortSignal) => staffFetch<LeadEnrolments>(lead(id), opts(signal));
export const enrolLead = (id: string, sequenceId: string) =>
  staffFetch<MessageAnswer>(lead(id), { method: 'POST', body: { sequence_id: sequenceId } });
export const removeFromSequence = (id: string, enrolmentId: string) =>
  staffFetch<MessageAnswer>(`${lead(id)}/${encodeURIComponent(enrolmentId)}`, { method: 'DELETE' });
