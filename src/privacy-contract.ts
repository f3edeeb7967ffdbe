/**
 * Wire types of privacy requests (issue 22, PIPEDA). "The person" is every lead with the same
 * e-mail address (case ignored) as the lead a call names. Times are ISO strings.
 *
 * GET  /api/crm/leads/:id/privacy            → PrivacyPanel (the lead page's privacy card)
 * POST /api/crm/leads/:id/privacy-requests   { kind } → PrivacyRequest (201)
 * POST /api/crm/privacy-requests/:id/close   → PrivacyRequest
 * GET  /api/crm/leads/:id/privacy-export     → PrivacyExport (a JSON file; needs the export permission)
 * GET  /api/crm/leads/:id/privacy-export.html → the same records as a readable, printable page: grouped by
 *      kind, in words (stage and source names, course names, Toronto times), without internal fields
 *      (ids, keys, hashes, search text), which the JSON keeps
 * POST /api/crm/leads/:id/anonymise          → AnonymiseAnswer (admins)
 */

/** A staff member as crm-contract's StaffRef (not imported: crm-contract's timeline imports this file). */
interface StaffRef {
  _id: string;
  name: string;
}

export const PRIVACY_REQUEST_KINDS = [
  { id: 'access', title: 'Access request' },
  { id: 'withdrawal', title: 'Consent withdrawal' },
  { id: 'deletion', title: 'Deletion request' },
] as const;

export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number]['id'];

/** PIPEDA: an access request is answered within 30 days; the same term applies to the others. */
export const PRIVACY_REQUEST_DAYS = 30;

export interface PrivacyRequest {
  _id: string;
  kind: PrivacyRequestKind;
  opened_at: string;
  due_at: string;
  opened_by: StaffRef | null;
  closed_at: string | null;
  closed_by: StaffRef | null;
}

export interface PrivacyPanel {
  /** The person's address as the lead holds it (an undeliverable placeholder once anonymised). */
  email: string;
  /** How many leads the person has. */
  leads: number;
  anonymised_at: string | null;
  /** Newest first. */
  requests: PrivacyRequest[];
}

export interface PrivacyExportSection {
  /** What the rows are ("Activities"). */
  label: string;
  table: string;
  /**
   * Every column of each row, as stored, under the column's name (the tables are described in
   * server/db/migrations/; lookups such as `stage` and `source` are the ids of src/lookups.ts; times
   * are UTC). A mail that carried a personal link has LINK_MAIL_IN_EXPORT in place of its bodies.
   */
  rows: Record<string, unknown>[];
}

export interface PrivacyExport {
  exported_at: string;
  person: { email: string; lead_ids: string[] };
  sections: PrivacyExportSection[];
}

export interface AnonymiseAnswer {
  message: string;
  /** Rows changed, by table. */
  rows: Record<string, number>;
}

/** "Access request" for `access`. */
export const privacyRequestTitle = (kind: PrivacyRequestKind): string =>
  PRIVACY_REQUEST_KINDS.find((entry) => entry.id === kind)?.title ?? kind;
