/**
 * The answers of e-mail from the lead page (issue 22), written once as zod schemas: templates, the
 * compose panel's preview, a sent message. The wire types of src/outreach-contract.ts (and
 * `SentEmail` of src/crm-contract.ts) are inferred from them, and server/openapi/answers-outreach.ts
 * names them as the routes' response schemas and the API description's components. Browser code
 * imports only the types, so zod stays out of the site's and widget's bundles.
 */
import { z } from 'zod';
import { instantSchema as instant } from './wire-schemas';

/** commercial: needs consent (CASL); transactional: about the student's own inquiry. */
const templateKind = z.enum(['commercial', 'transactional']);
/** Why a message was sent: its template's kind, or a direct answer staff marked as such. */
const emailPurpose = z.enum(['commercial', 'transactional', 'direct_answer']);

export const emailTemplateSchema = z.object({
  _id: z.string(),
  name: z.string(),
  kind: templateKind,
  subject: z.string(),
  body: z.string(),
  /** When an admin retired it; retired templates are no longer offered. */
  retired_at: instant.nullable(),
  updated_at: instant,
});

/** GET /api/crm/templates: live templates (admins also see retired ones). */
export const templateListSchema = z.object({ templates: z.array(emailTemplateSchema) });

/** POST /api/crm/leads/:id/email/preview */
export const composePreviewSchema = z.object({
  to: z.string(),
  /** The name the student sees as the sender. */
  from_name: z.string(),
  subject: z.string(),
  body: z.string(),
  purpose: emailPurpose,
  /** The consent that applies to this address now, as one line. */
  consent: z.string(),
  /** Whether the message may be sent; when not, `reason` says why. */
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /** False without IMAP_URL: replies to the message are not read into the CRM. */
  repliesConnected: z.boolean(),
});

/** POST /api/crm/leads/:id/emails */
export const sentEmailAnswerSchema = z.object({ message: z.string(), email_id: z.string() });

/** A message sent to the lead (issue 22), as sent: plain text, shown as text. */
export const sentEmailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  purpose: emailPurpose,
  /** The consent that applied when it was sent. */
  consent: z.string(),
  /** Sent by a sequence step rather than a person. */
  automated: z.boolean(),
});

export type TemplateKind = z.infer<typeof templateKind>;
export type EmailPurpose = z.infer<typeof emailPurpose>;
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export type TemplateList = z.infer<typeof templateListSchema>;
export type ComposePreview = z.infer<typeof composePreviewSchema>;
export type SentEmailAnswer = z.infer<typeof sentEmailAnswerSchema>;
export type SentEmail = z.infer<typeof sentEmailSchema>;
