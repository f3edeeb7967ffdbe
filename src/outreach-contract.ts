/**
 * Wire types of e-mail from the lead page (issue 22): templates admins keep, the compose panel's
 * preview for one lead, and sending. Template text uses fields such as `{{first_name}}`
 * (TEMPLATE_FIELDS); the preview shows the text filled in for that lead.
 */
import type { EmailTemplate, TemplateKind } from './outreach-schemas';

// The answers are zod schemas (src/outreach-schemas.ts, server-only values); their types come from there.
export type { ComposePreview, EmailPurpose, EmailTemplate, SentEmailAnswer, TemplateKind, TemplateList } from './outreach-schemas';

export const TEMPLATE_KINDS: readonly { id: TemplateKind; title: string }[] = [
  { id: 'commercial', title: 'Commercial' },
  { id: 'transactional', title: 'Transactional' },
];

/** The fields a template may use, written `{{name}}`, with what each becomes. */
export const TEMPLATE_FIELDS = [
  { name: 'first_name', title: "The lead's first name" },
  { name: 'last_name', title: "The lead's last name" },
  { name: 'course_name', title: 'The course the lead asked about' },
  { name: 'intake_date', title: "The next intake of the lead's course" },
  { name: 'counsellor_name', title: 'The name of the counsellor who sends it' },
  { name: 'college_name', title: "The college's name" },
] as const;

export type TemplateField = (typeof TEMPLATE_FIELDS)[number]['name'];

/** POST /api/crm/templates, PUT /api/crm/templates/:id */
export type TemplateBody = Pick<EmailTemplate, 'name' | 'kind' | 'subject' | 'body'>;

/** POST /api/crm/leads/:id/email/preview and POST /api/crm/leads/:id/emails */
export interface ComposeBody {
  template_id?: string;
  subject?: string;
  body?: string;
  /** Staff mark the message as a direct answer to the student's own question (recorded with who). */
  direct_answer?: boolean;
}
