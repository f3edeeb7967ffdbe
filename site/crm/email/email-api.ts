/** The CRM's calls for e-mail from the lead page and its templates (src/outreach-contract.ts). */
import type {
  ComposeBody,
  ComposePreview,
  EmailTemplate,
  SentEmailAnswer,
  TemplateBody,
  TemplateList,
} from '../../../src/outreach-contract';
import { staffFetch } from '../shared/api';

const opts = (signal?: AbortSignal) => (signal ? { signal } : {});
const lead = (id: string) => `/crm/leads/${encodeURIComponent(id)}`;
const template = (id: string) => `/crm/templates/${encodeURIComponent(id)}`;

export const fetchTemplates = (signal?: AbortSignal) => staffFetch<TemplateList>('/crm/templates', opts(signal));
export const createTemplate = (body: TemplateBody) => staffFetch<EmailTemplate>('/crm/templates', { method: 'POST', body });
export const updateTemplate = (id: string, body: TemplateBody) => staffFetch<EmailTemplate>(template(id), { method: 'PUT', body });
export const retireTemplate = (id: string) => staffFetch<EmailTemplate>(`${template(id)}/retire`, { method: 'POST' });

export const previewEmail = (leadId: string, body: ComposeBody, signal?: AbortSignal) =>
  staffFetch<ComposePreview>(`${lead(leadId)}/email/preview`, { method: 'POST', body, ...opts(signal) });
export const sendEmail = (leadId: string, body: ComposeBody) =>
  staffFetch<SentEmailAnswer>(`${lead(leadId)}/emails`, { method: 'POST', body });
