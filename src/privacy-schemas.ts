/**
 * The answers of privacy requests (issue 22, PIPEDA), written once as zod schemas: the wire types of
 * src/privacy-contract.ts are inferred from them, and server/privacy/privacy-answers.ts names them as the
 * routes' response schemas and the API description's components. Browser code imports only the
 * types (through privacy-contract.ts), so zod stays out of the site's bundles.
 */
import { z } from 'zod';
import { instantSchema as instant, staffRefSchema } from './wire-schemas';
import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from './privacy-kinds';

/** A privacy request; who opened and closed it is the CRM's StaffRef (src/wire-schemas.ts). */
export const privacyRequestSchema = z.object({
  _id: z.string(),
  kind: z.literal(PRIVACY_REQUEST_KINDS.map((entry): PrivacyRequestKind => entry.id)),
  opened_at: instant,
  due_at: instant,
  opened_by: staffRefSchema.nullable(),
  closed_at: instant.nullable(),
  closed_by: staffRefSchema.nullable(),
});
/** The lead page's privacy card that lists the person's requests. */
export const privacyPanelSchema = z.object({
  /** The person's address as the lead holds it (an undeliverable placeholder once anonymised). */
  email: z.string(),
  /** How many leads the person has. */
  leads: z.number(),
  anonymised_at: instant.nullable(),
  /** Newest first. */
  requests: z.array(privacyRequestSchema),
});
/** POST /api/crm/leads/:id/privacy-requests (201), POST /api/crm/privacy-requests/:id/close */
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;
/** GET /api/crm/leads/:id/privacy: the lead page's privacy card. */
export type PrivacyPanel = z.infer<typeof privacyPanelSchema>;

/** GET /api/crm/leads/:id/privacy-export: everything held about the person, as a JSON file. */
export const privacyExportSchema = z.object({
  exported_at: instant,
  person: z.object({ email: z.string(), lead_ids: z.array(z.string().regex(/^[0-9a-f]{24}$/)) }),
  sections: z.array(
    z.object({
      /** What the rows are ("Activities"). */
      label: z.string(),
      table: z.string(),
      /**
       * Every column of each row, as stored, under the column's name (the tables are described in
       * server/db/migrations/; lookups such as `stage` and `source` are the ids of src/lookups.ts;
       * times are UTC). A mail that carried a personal link has LINK_MAIL_IN_EXPORT in place of its
       * bodies.
       */
      rows: z.array(z.record(z.string(), z.unknown())),
    }),
  ),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;
export type PrivacyExportSection = PrivacyExport['sections'][number];

/** POST /api/crm/leads/:id/anonymise (admins) */
export const anonymiseAnswerSchema = z.object({
  message: z.string(),
  /** Rows changed, by table. */
  rows: z.record(z.string(), z.number()),
});
export type AnonymiseAnswer = z.infer<typeof anonymiseAnswerSchema>;
