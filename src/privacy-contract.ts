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

import { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from './privacy-kinds';

export { PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from './privacy-kinds';
// The answers are zod schemas (src/privacy-schemas.ts, server-only values); their types come from there.
export type { AnonymiseAnswer, PrivacyExport, PrivacyExportSection, PrivacyPanel, PrivacyRequest } from './privacy-schemas';

/** PIPEDA: an access request is answered within 30 days; the same term applies to the others. */
export const PRIVACY_REQUEST_DAYS = 30;

/** "Access request" for `access`. */
export const privacyRequestTitle = (kind: PrivacyRequestKind): string =>
  PRIVACY_REQUEST_KINDS.find((entry) => entry.id === kind)?.title ?? kind;
