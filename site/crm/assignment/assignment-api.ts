/** The CRM's calls for assignment rules and speed to lead (admins), and first-contact medians (src/assignment-contract.ts). */
import type { AssignmentRule, AssignmentRuleInput, AssignmentSettingsAnswer, FirstContactMedians } from '../../../src/assignment-contract';
import type { MessageAnswer } from '../../../src/contract';
import { staffFetch } from '../shared/api';

export const fetchAssignment = (signal?: AbortSignal) => staffFetch<AssignmentSettingsAnswer>('/crm/assignment', signal ? { signal } : {});

export const createRule = (rule: AssignmentRuleInput) =>
  staffFetch<AssignmentRule>('/crm/assignment/rules', { method: 'POST', body: rule });

export const saveRule = (id: string, rule: AssignmentRuleInput & { version: number }) =>
  staffFetch<AssignmentRule>(`/crm/assignment/rules/${encodeURIComponent(id)}`, { method: 'PUT', body: rule });

export const removeRule = (rule: AssignmentRule) =>
  staffFetch<MessageAnswer>(`/crm/assignment/rules/${encodeURIComponent(rule.id)}?version=${rule.version}`, { method: 'DELETE' });

export const saveSpeedToLead = (hours: number, version: number) =>
  staffFetch<AssignmentSettingsAnswer>('/crm/assignment/speed-to-lead', { method: 'PUT', body: { speed_to_lead_hours: hours, version } });

export const fetchFirstContact = (signal?: AbortSignal) =>
  staffFetch<FirstContactMedians>('/crm/dashboard/first-contact', signal ? { signal } : {});
