/**
 * Wire types of e-mail from the lead page (issue 22): templates admins keep, the compose panel's
 * preview for one lead, and sending. Template text uses fields such as `{{first_name}}`
 * (TEMPLATE_FIELDS); the preview shows the text filled in for that lead.
 */

/** commercial: needs consent (CASL); transactional: about the student's own inquiry. */
export type TemplateKind = 'commercial' | 'transactional';
export const TEMPLATE_KINDS: readonly { id: TemplateKind; title: string }[] = [
  { id: 'commercial', title: 'Commercial' },
  { id: 'transactional', title: 'Transactional' },
];

/** Why a message was sent: its template's kind, or a direct answer staff marked as such. */
export type EmailPurpose = TemplateKind | 'direct_answer';

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

export interface EmailTemplate {
  _id: string;
  name: string;
  kind: TemplateKind;
  subject: string;
  body: string;
  /** When an admin retired it; retired templates are no longer offered. */
  retired_at: string | null;
  updated_at: string;
}

/** GET /api/crm/templates: live templates (admins also see retired ones). */
export interface TemplateList {
  templates: EmailTemplate[];
}

/** POST /api/crm/templates, PUT /api/crm/templates/:id */
export interface TemplateBody {
  name: string;
  kind: TemplateKind;
  subject: string;
  body: string;
}

/** POST /api/crm/leads/:id/email/preview and POST /api/crm/leads/:id/emails */
export interface ComposeBody {
  template_id?: string;
  subject?: string;
  body?: string;
  /** Staff mark the message as a direct answer to the student's own question (recorded with who). */
  direct_answer?: boolean;
}

export interface ComposePreview {
  to: string;
  /** The name the student sees as the sender. */
  from_name: string;
  subject: string;
  body: string;
  purpose: EmailPurpose;
  /** The consent that applies to this address now, as one line. */
  consent: string;
  /** Whether the message may be sent; when not, `reason` says why. */
  allowed: boolean;
  reason: string | null;
  /** False without IMAP_URL: replies to the message are not read into the CRM. */
  repliesConnected: boolean;
}

export interface SentEmailAnswer {
  message: string;
  email_id: string;
}
